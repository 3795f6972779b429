import { describe, expect, it } from 'vitest';
import { centralHourMinute, centralInstant, centralMillis, centralTime } from './central-time';

describe('centralTime', () => {
  it('shows an instant in America/Chicago, summer (CDT) and winter (CST)', () => {
    expect(centralTime('2026-07-01T17:05:09Z')).toBe('2026-07-01 12:05:09');
    expect(centralTime('2026-01-15T03:00:00.000Z')).toBe('2026-01-14 21:00:00');
    expect(centralHourMinute('2026-01-15T03:07:00Z')).toBe('21:07');
  });
  it('keeps text that is not a date, and empties nothing', () => {
    expect(centralTime('soon')).toBe('soon');
    expect(centralTime(null)).toBe('');
    expect(centralTime('')).toBe('');
  });
});

describe('centralInstant', () => {
  it('reads a Central wall time as an instant with its offset, summer and winter', () => {
    expect(centralInstant('2026-07-01T10:20')).toBe('2026-07-01T10:20:00-05:00');
    expect(centralInstant('2026-01-14T21:00')).toBe('2026-01-14T21:00:00-06:00');
    expect(Date.parse(centralInstant('2026-07-01T10:20')!)).toBe(Date.parse('2026-07-01T15:20:00Z'));
    expect(centralMillis('2026-11-25T12:00')).toBe(Date.parse('2026-11-25T18:00:00Z'));
  });
  it('refuses what is not a wall time, and the hour the clocks skip', () => {
    expect(centralInstant('')).toBeNull();
    expect(centralInstant('2026-07-01 10:20:00')).toBeNull();
    expect(centralInstant('2026-03-08T02:30')).toBeNull();
    expect(centralInstant('2026-03-08T03:30')).toBe('2026-03-08T03:30:00-05:00');
  });
});

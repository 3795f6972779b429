import { describe, expect, it } from 'vitest';
import { centralHourMinute, centralTime } from './central-time';

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

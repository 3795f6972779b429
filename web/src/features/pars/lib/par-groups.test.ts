import { describe, expect, it } from 'vitest';
import { errorGroups, lookAheadDates } from './par-groups';

describe('par groups', () => {
  it('groups validation errors under their order and counts 15 days', () => {
    const groups = errorGroups([
      {
        row: 2,
        key: null,
        status: 'invalid',
        messages: ['Error with Routing Tag for A'],
        diff: [],
        group: '2026-11-24#A#1',
      },
      { row: 3, key: null, status: 'new', messages: [], diff: [], group: '2026-11-24#A#1' },
      { row: 4, key: null, status: 'invalid', messages: ['par cannot be empty'], diff: [] },
    ]);
    expect(groups).toEqual([
      { title: '2026-11-24#A#1 - has an error:', messages: ['Row 2: Error with Routing Tag for A'] },
      { title: 'Row 4 - has an error:', messages: ['Row 4: par cannot be empty'] },
    ]);
    expect(lookAheadDates(new Date('2026-11-22T12:00:00Z'))).toHaveLength(15);
    expect(lookAheadDates(new Date('2026-11-22T12:00:00Z'))[14]).toBe('2026-12-06');
  });

  it('starts the look-ahead on the Central date, not the UTC one (issue 20)', () => {
    // 21:00 CST on the 22nd is already the 23rd in UTC.
    const days = lookAheadDates(new Date('2026-11-23T03:00:00Z'));
    expect(days[0]).toBe('2026-11-22');
    expect(days[14]).toBe('2026-12-06');
    // 00:30 CST on the 23rd is still the 23rd; 23:59 CST on the 22nd is the 22nd.
    expect(lookAheadDates(new Date('2026-11-23T06:30:00Z'))[0]).toBe('2026-11-23');
    expect(lookAheadDates(new Date('2026-11-23T05:59:00Z'))[0]).toBe('2026-11-22');
  });

  it('keeps the days consecutive across both DST changes (calendar steps, not 24 h)', () => {
    const consecutive = (days: string[]) =>
      days.slice(1).every((d, i) => Date.parse(`${d}T00:00:00Z`) - Date.parse(`${days[i]}T00:00:00Z`) === 86_400_000);
    // 23:30 CST on 7 March 2026, the evening before clocks spring forward.
    const spring = lookAheadDates(new Date('2026-03-08T05:30:00Z'));
    expect(spring.slice(0, 3)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(consecutive(spring)).toBe(true);
    // 00:30 CDT on 31 October 2026, the day before clocks fall back.
    const fall = lookAheadDates(new Date('2026-10-31T05:30:00Z'));
    expect(fall.slice(0, 3)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    expect(consecutive(fall)).toBe(true);
    expect(new Set(fall).size).toBe(15);
  });
});

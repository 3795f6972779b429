import { describe, expect, it } from 'vitest';
import { chunks, errorGroups, lookAheadDates, parGroups } from './par-groups';

const row = (n: number, v: Record<string, string>) => ({ row: n, values: v });

describe('par groups', () => {
  it('groups rows into orders, empty index as 1, with over capacity and boosts', () => {
    const base = {
      location: 'A',
      dropOffDate: '11/24/2026',
      deliveryDate: '2026-11-24',
      stockingIndex: '',
      jit: 'TRUE',
    };
    const groups = parGroups([
      row(2, { ...base, item: 'X', par: '3', overCapacityAmount: '1.5', priorityBoost: 'true' }),
      row(3, { ...base, item: 'Y', par: '0', overCapacityAmount: '', priorityBoost: '' }),
      row(4, { ...base, stockingIndex: '2', item: 'X', par: '1', overCapacityAmount: '0', priorityBoost: 'false' }),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      location: 'A',
      dropOffDate: '2026-11-24',
      jit: true,
      stockingIndex: 1,
      priorityBoostItems: ['X'],
    });
    expect(groups[0].parsAndItems).toEqual([
      { pars: 3, itemName: 'X' },
      { pars: 0, itemName: 'Y' },
    ]);
    expect(groups[0].overCapacityAmountsAndItems).toEqual([{ overCapacityAmount: 1.5, itemName: 'X' }]);
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

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

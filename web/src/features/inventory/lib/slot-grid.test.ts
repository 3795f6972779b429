import { describe, expect, it } from 'vitest';
import { centringOffset, columnStarts, GRID_COLUMNS, groupByRow, SLOT_SPAN, slotAtRisk, unitsText } from './slot-grid';
import { inventoryIdOf } from './inventory-id';

describe('the slot grid', () => {
  it('centres rows of 6, 5 and 4 slots of width 2 on 12 columns', () => {
    expect(centringOffset(6)).toBe(0);
    expect(centringOffset(5)).toBe(1);
    expect(centringOffset(4)).toBe(2);
    expect(centringOffset(3)).toBe(3);
    expect(centringOffset(1)).toBe(5);
    expect(centringOffset(0)).toBe(0);
    expect(centringOffset(9)).toBe(0);
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const before = centringOffset(n);
      const after = GRID_COLUMNS - before - n * SLOT_SPAN;
      expect(after, `row of ${n}`).toBe(before);
    }
  });

  it('gives each slot its grid column start', () => {
    expect(columnStarts(6)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(columnStarts(5)).toEqual([2, 4, 6, 8, 10]);
    expect(columnStarts(4)).toEqual([3, 5, 7, 9]);
    expect(columnStarts(0)).toEqual([]);
  });

  it('wraps a row longer than 6 onto centred lines of 6', () => {
    expect(columnStarts(8)).toEqual([1, 3, 5, 7, 9, 11, 5, 7]);
    expect(columnStarts(12)).toEqual([1, 3, 5, 7, 9, 11, 1, 3, 5, 7, 9, 11]);
  });

  it('groups slots by row, rows and columns in order', () => {
    const s = (row: number, column: number) => ({ row, column, slot: `${row}:${column}` });
    const rows = groupByRow([s(2, 2), s(1, 2), s(2, 1), s(1, 1), s(10, 1), s(1, 3)]);
    expect(rows.map((r) => [r.row, r.slots.map((x) => x.slot)])).toEqual([
      [1, ['1:1', '1:2', '1:3']],
      [2, ['2:1', '2:2']],
      [10, ['10:1']],
    ]);
    expect(groupByRow([])).toEqual([]);
  });

  it('marks a slot at risk when any unit is, and counts units in words', () => {
    expect(slotAtRisk({ units: [{ atRisk: false }, { atRisk: true }] })).toBe(true);
    expect(slotAtRisk({ units: [{ atRisk: false }] })).toBe(false);
    expect(slotAtRisk({ units: [] })).toBe(false);
    expect(unitsText(0)).toBe('0 units');
    expect(unitsText(1)).toBe('1 unit');
    expect(unitsText(3)).toBe('3 units');
  });
});

describe('the inventory route id', () => {
  it('is the last path segment, decoded', () => {
    expect(inventoryIdOf('CHI_0001')).toBe('CHI_0001');
    expect(inventoryIdOf('x/CHI_0001/')).toBe('CHI_0001');
    expect(inventoryIdOf('CHI%20A')).toBe('CHI A');
    expect(inventoryIdOf('%E0%A4%A')).toBe('%E0%A4%A');
    expect(inventoryIdOf('')).toBe('');
    expect(inventoryIdOf(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import {
  longestNamePart,
  centringOffset,
  columnStarts,
  GRID_COLUMNS,
  groupByRow,
  phoneLines,
  SLOT_SPAN,
  slotAtRisk,
  unitsText,
} from './slot-grid';
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

describe('slot lines on a phone', () => {
  it('holds at most 3 to a line, in as few and as even lines as hold the row', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => phoneLines(n).perLine)).toEqual([1, 2, 3, 2, 3, 3, 3, 3]);
    expect(phoneLines(0).perLine).toBe(0);
  });

  it('centres each line of 4-column slots: 4 slots as 2 and 2, 5 as 3 and 2', () => {
    expect(columnStarts(3, phoneLines(3))).toEqual([1, 5, 9]);
    expect(columnStarts(4, phoneLines(4))).toEqual([3, 7, 3, 7]);
    expect(columnStarts(5, phoneLines(5))).toEqual([1, 5, 9, 3, 7]);
    expect(columnStarts(1, phoneLines(1))).toEqual([5]);
  });

  it('never puts a slot past the 12 columns, whatever the row', () => {
    for (let n = 0; n <= 30; n++) {
      const lines = phoneLines(n);
      for (const start of columnStarts(n, lines)) {
        expect(start).toBeGreaterThanOrEqual(1);
        expect(start + lines.span - 1).toBeLessThanOrEqual(GRID_COLUMNS);
      }
    }
  });
});

describe('the longest part of an item name', () => {
  it('counts a part with the underscore after it, where the name may break', () => {
    expect(longestNamePart('OVERNIGHT_OATS')).toBe(10);
    expect(longestNamePart('GREEK_SALAD')).toBe(6);
    expect(longestNamePart('CHICKEN_CAESAR_WRAP')).toBe(8);
  });
  it('is the whole name without an underscore, and at least 1', () => {
    expect(longestNamePart('KOMBUCHA')).toBe(8);
    expect(longestNamePart('')).toBe(1);
    expect(longestNamePart('A__B')).toBe(2);
  });
});

/**
 * The slot grid (3-planning §2): each slot spans 2 of 12 columns, so a line
 * holds 6; a row of 5 or 4 (any line of fewer than 6) is centred.
 */
export const GRID_COLUMNS = 12;
export const SLOT_SPAN = 2;
export const SLOTS_PER_LINE = GRID_COLUMNS / SLOT_SPAN;

/** Empty columns before the first slot of a line of `count` slots (6 → 0, 5 → 1, 4 → 2). */
export function centringOffset(count: number): number {
  const n = Math.min(Math.max(0, Math.floor(count)), SLOTS_PER_LINE);
  return n === 0 ? 0 : (GRID_COLUMNS - n * SLOT_SPAN) / 2;
}

/**
 * The 1-based CSS grid-column start of each slot of a row of `count` slots.
 * A row longer than 6 wraps onto further lines of 6, each centred on its own.
 */
export function columnStarts(count: number): number[] {
  const starts: number[] = [];
  for (let i = 0; i < count; i++) {
    const lineStart = i - (i % SLOTS_PER_LINE);
    const inLine = Math.min(SLOTS_PER_LINE, count - lineStart);
    starts.push(centringOffset(inLine) + (i % SLOTS_PER_LINE) * SLOT_SPAN + 1);
  }
  return starts;
}

export interface SlotRow<T> {
  row: number;
  slots: T[];
}

/** Slots grouped by `row`, rows in order and each row by `column`. */
export function groupByRow<T extends { row: number; column: number }>(slots: readonly T[]): SlotRow<T>[] {
  const rows = new Map<number, T[]>();
  for (const s of slots) {
    const list = rows.get(s.row);
    if (list) list.push(s);
    else rows.set(s.row, [s]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => ({ row, slots: [...list].sort((a, b) => a.column - b.column) }));
}

/** True when any unit of the slot is at risk. */
export const slotAtRisk = (slot: { units: readonly { atRisk: boolean }[] }) => slot.units.some((u) => u.atRisk);

/** '1 unit', '3 units'. */
export const unitsText = (count: number) => `${count} ${count === 1 ? 'unit' : 'units'}`;

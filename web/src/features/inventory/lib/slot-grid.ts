/**
 * The slot grid (3-planning §2): each slot spans 2 of 12 columns, so a line
 * holds 6; a row of 5 or 4 (any line of fewer than 6) is centred.
 */
export const GRID_COLUMNS = 12;
export const SLOT_SPAN = 2;
export const SLOTS_PER_LINE = GRID_COLUMNS / SLOT_SPAN;

/**
 * How slots sit on a line: at most `perLine` to a line, each spanning `span` of the 12 columns. A wide screen puts
 * 6 to a line (span 2); a phone 3 (span 4), since six slots on a line of 358 px left each card 50 px, narrower than
 * its picture, and names broke every two letters.
 */
export interface SlotLines {
  perLine: number;
  span: number;
}

export const WIDE_LINES: SlotLines = { perLine: SLOTS_PER_LINE, span: SLOT_SPAN };
export const PHONE_LINES: SlotLines = { perLine: 3, span: 4 };

/** The lines for a row of `count` slots on a phone: as few lines of at most 3 as hold them, as even as can be (4: 2 and 2, not 3 and 1). */
export function phoneLines(count: number): SlotLines {
  const lines = Math.max(1, Math.ceil(count / PHONE_LINES.perLine));
  return { perLine: Math.ceil(count / lines), span: PHONE_LINES.span };
}

/** Empty columns before the first slot of a line of `count` slots (6 → 0, 5 → 1, 4 → 2). */
export function centringOffset(count: number, lines: SlotLines = WIDE_LINES): number {
  const n = Math.min(Math.max(0, Math.floor(count)), lines.perLine);
  return n === 0 ? 0 : (GRID_COLUMNS - n * lines.span) / 2;
}

/**
 * The 1-based CSS grid-column start of each slot of a row of `count` slots.
 * A row longer than a line (6) wraps onto further lines, each centred on its own.
 */
export function columnStarts(count: number, lines: SlotLines = WIDE_LINES): number[] {
  const starts: number[] = [];
  for (let i = 0; i < count; i++) {
    const lineStart = i - (i % lines.perLine);
    const inLine = Math.min(lines.perLine, count - lineStart);
    starts.push(centringOffset(inLine, lines) + (i % lines.perLine) * lines.span + 1);
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

/**
 * How many characters of an item name must stay on one line: its longest part, up to and with the underscore after
 * which it may break (OVERNIGHT_OATS: 10). The slot card sizes the name to fit it (styles.css, .slot-card__name).
 */
export function longestNamePart(name: string): number {
  const parts = name.split('_');
  return Math.max(1, ...parts.map((part, i) => part.length + (i < parts.length - 1 ? 1 : 0)));
}

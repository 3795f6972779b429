/**
 * The planogram file (3-planning §5, §7, §9), checked in the browser exactly
 * as the server checks it, from the rules the server exports
 * (src/generated/rules.json, key `planogram`), and cut into the batches the
 * server takes. activeHour travels as written: the server reads it as Central time.
 */
import rules from '@/generated/rules.json';
import { toCsv } from '@/lib/csv';
import type { Cells, FileRow } from '@/lib/upload-pipeline';

export type RequestType = 'UPDATE' | 'CREATE';

interface PlanogramRules {
  columns: Record<RequestType, string[]>;
  slotPattern: string;
  activeHourPattern: string;
  maxCellChars: number;
  batchSize: number;
  maxCreateSlots: number;
  messages: {
    missingInput: string;
    emptyValue: string;
    slotFormat: string;
    activeHourFormat: string;
    noRows: string;
    errorsHeading: string;
    repeatedSlot: string;
    activeHourTooltip: string;
  };
}

export const PLANOGRAM: PlanogramRules = rules.planogram;
export const MESSAGES = PLANOGRAM.messages;

export const REQUEST_TYPES: { value: RequestType; label: string }[] = [
  { value: 'UPDATE', label: 'Update Existing Planogram' },
  { value: 'CREATE', label: 'Create New Planogram' },
];

/** Batches in flight at once while submitting. */
export const IN_FLIGHT = 4;

const SLOT = new RegExp(PLANOGRAM.slotPattern);
const ACTIVE_HOUR = new RegExp(PLANOGRAM.activeHourPattern);

export const columnsOf = (type: RequestType) => PLANOGRAM.columns[type];

/** The success panel's text (§8). */
export const successText = (count: number) => `Total of successfully validated and processed records: ${count}.`;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** MM/DD/YYYY hh:mm:ss (24-hour) that names a real calendar date and time of day. */
export function isActiveHour(text: string): boolean {
  if (!ACTIVE_HOUR.test(text)) return false;
  const [month, day, year, hour, minute, second] = text.split(/[/ :]/).map(Number);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeap(year) ? 29 : DAYS[month - 1];
  return day <= days && hour <= 23 && minute <= 59 && second <= 59;
}

/** A row's own problems, in the server's order and words (empty when it is fine). */
export function checkRow(values: Cells, type: RequestType): string[] {
  const columns = columnsOf(type);
  const cells = columns.map((c) => values[c]);
  if (cells.some((v) => v === undefined)) return [MESSAGES.missingInput];
  const text = cells.map((v) => (v ?? '').trim());
  if (text.some((v) => v === '')) return [MESSAGES.emptyValue];
  const errors: string[] = [];
  columns.forEach((c, i) => {
    if ([...text[i]].length > PLANOGRAM.maxCellChars)
      errors.push(`${c} is longer than ${PLANOGRAM.maxCellChars} characters.`);
  });
  if (!SLOT.test(text[1])) errors.push(MESSAGES.slotFormat);
  if (type === 'UPDATE' && !isActiveHour(text[3])) errors.push(MESSAGES.activeHourFormat);
  return errors;
}

const cell = (r: FileRow, column: string) => (r.values[column] ?? '').trim();

export interface PlanogramCheck {
  /** 'Line N: message', one a message (or a file-wide message): any of them blocks Submit. */
  errors: string[];
  /** 'Line N: message': never blocks. */
  warnings: string[];
  /** The rows to send when there are no errors. */
  rows: FileRow[];
}

/**
 * The whole file: every row's rules, then duplicates among the rows that
 * pass them (same layoutName, slot and activeHour; for CREATE layoutName and
 * slot) on each such row, then (UPDATE) the warning of a layoutName and slot
 * repeated at other hours, and (CREATE) a new layout's slot limit.
 */
export function checkPlanogramFile(rows: FileRow[], type: RequestType): PlanogramCheck {
  if (rows.length === 0) return { errors: [MESSAGES.noRows], warnings: [], rows: [] };
  const problems = new Map<number, string[]>();
  const valid = rows.filter((r) => {
    const errors = checkRow(r.values, type);
    if (errors.length) problems.set(r.row, errors);
    return errors.length === 0;
  });

  const keyOf = (r: FileRow) =>
    JSON.stringify(
      type === 'UPDATE'
        ? [cell(r, 'layoutName'), cell(r, 'slot'), cell(r, 'activeHour')]
        : [cell(r, 'layoutName'), cell(r, 'slot')],
    );
  const linesOf = group(valid, keyOf);
  for (const r of valid) {
    const lines = linesOf.get(keyOf(r))!;
    if (lines.length < 2) continue;
    const first = lines[0];
    const second = r.row === first ? lines[1] : r.row;
    problems.set(r.row, [`Duplicated records: Lines ${first} and ${second}`]);
  }

  const warnings: string[] = [];
  if (type === 'UPDATE') {
    const slotOf = (r: FileRow) => JSON.stringify([cell(r, 'layoutName'), cell(r, 'slot')]);
    const related = group(valid, slotOf);
    for (const r of valid) {
      const others = related.get(slotOf(r))!.filter((line) => line !== r.row);
      if (!problems.has(r.row) && others.length)
        warnings.push(`Line ${r.row}: ${MESSAGES.repeatedSlot} ${others.join(', ')}.`);
    }
  }

  const fileErrors: string[] = [];
  if (type === 'CREATE') {
    for (const [layout, lines] of group(valid, (r) => cell(r, 'layoutName'))) {
      if (lines.length > PLANOGRAM.maxCreateSlots) {
        fileErrors.push(
          `Line ${lines[0]}: A new layout holds at most ${PLANOGRAM.maxCreateSlots} slots; ${layout} has ${lines.length}.`,
        );
      }
    }
  }

  const errors = [...problems.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([line, messages]) => messages.map((m) => `Line ${line}: ${m}`));
  return { errors: [...errors, ...fileErrors], warnings, rows: errors.length || fileErrors.length ? [] : valid };
}

/** Lines by key, each list in file order; the keys in order of first appearance. */
function group(rows: FileRow[], keyOf: (r: FileRow) => string): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  for (const r of rows) {
    const k = keyOf(r);
    lines.set(k, [...(lines.get(k) ?? []), r.row]);
  }
  return lines;
}

export interface PlanogramInput {
  requestType: RequestType;
  layoutName?: string;
  slot?: string;
  vendItemName?: string;
  activeHour?: string;
  physicalFridgeConfig?: string;
  line: number;
}

/** The input fields the file's columns fill, each named as its column. */
const INPUT_COLUMNS = [
  'layoutName',
  'slot',
  'vendItemName',
  'activeHour',
  'physicalFridgeConfig',
] as const satisfies readonly (keyof PlanogramInput)[];
type InputColumn = (typeof INPUT_COLUMNS)[number];
const isInputColumn = (column: string): column is InputColumn => INPUT_COLUMNS.some((c) => c === column);

// A column the server's rules add needs its input field here: it fails at load, never goes unsent.
for (const column of [...PLANOGRAM.columns.UPDATE, ...PLANOGRAM.columns.CREATE])
  if (!isInputColumn(column)) throw new Error(`the planogram input has no field for the column ${column}`);

/** A row as the call takes it: its type's columns as written (trimmed), and its file line. */
export function toInput(r: FileRow, type: RequestType): PlanogramInput {
  const input: PlanogramInput = { requestType: type, line: r.row };
  for (const c of columnsOf(type)) if (isInputColumn(c) && r.values[c] !== undefined) input[c] = cell(r, c);
  return input;
}

/** UPDATE rows in chunks of `batchSize`; CREATE rows one batch per layout (§7, §9). File order within a batch. */
export function planBatches(rows: FileRow[], type: RequestType): FileRow[][] {
  if (type === 'CREATE') {
    const layouts = new Map<string, FileRow[]>();
    for (const r of rows) layouts.set(cell(r, 'layoutName'), [...(layouts.get(cell(r, 'layoutName')) ?? []), r]);
    return [...layouts.values()];
  }
  const batches: FileRow[][] = [];
  for (let i = 0; i < rows.length; i += PLANOGRAM.batchSize) batches.push(rows.slice(i, i + PLANOGRAM.batchSize));
  return batches;
}

/** Compact line list: 2–5, 9. */
export function lineRanges(lines: number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  return parts.join(', ');
}

/** The line a 'Line N: ...' message names, for sorting (messages without one go last). */
export const lineOf = (message: string) => Number(/^Lines? (\d+)/.exec(message)?.[1] ?? Number.MAX_SAFE_INTEGER);

/** An empty file of the type's columns, to fill in. */
export const templateCsv = (type: RequestType) => toCsv(columnsOf(type), []);
export const templateName = (type: RequestType) => `planogram-${type === 'UPDATE' ? 'update' : 'create'}-template.csv`;

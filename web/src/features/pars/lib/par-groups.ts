import { todayIn } from '@/components/dates';
import type { FileRow, RowReport } from '@/lib/upload-pipeline';

export const CHUNK_GROUPS = 500;
export const PREVIEW_ROWS = 1000;
/** One ops-location lookup and the orders of today plus 14 days (§9). */
export const LOOK_AHEAD_DAYS = 15;
export const LOAD_STEPS = 1 + LOOK_AHEAD_DAYS;
export const COLUMNS = [
  'location',
  'dropOffDate',
  'deliveryDate',
  'stockingIndex',
  'item',
  'par',
  'overCapacityAmount',
  'jit',
  'priorityBoost',
];

export const MESSAGES = {
  csvIssue: 'Issue uploading CSV. Please try again.',
  failed: 'Something has failed. Pars were not uploaded.',
  complete: 'Upload Complete',
  noPars: 'There was an issue finding pars at that date/location combination',
  noData: 'No Data for this date',
};

export interface ParGroup {
  location: string;
  deliveryDate: string;
  dropOffDate: string;
  jit: boolean;
  stockingIndex: number | null;
  parsAndItems: { pars: number; itemName: string }[];
  overCapacityAmountsAndItems: { overCapacityAmount: number; itemName: string }[];
  priorityBoostItems: string[];
}

const cell = (r: FileRow, c: string) => {
  const key = Object.keys(r.values).find(
    (k) =>
      k
        .replace(/^\uFEFF/, '')
        .trim()
        .toLowerCase() === c.toLowerCase(),
  );
  return (key ? r.values[key] : '').trim();
};

/** M/D/YYYY or YYYY-MM-DD to YYYY-MM-DD (the server checked the dates). */
function isoDate(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return m ? `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}` : text;
}

/** The fridge orders of checked rows: one group per dropOffDate, location and stockingIndex (empty = 1). */
export function parGroups(rows: FileRow[]): ParGroup[] {
  const groups = new Map<string, ParGroup>();
  for (const r of rows) {
    const drop = isoDate(cell(r, 'dropOffDate'));
    const index = cell(r, 'stockingIndex') === '' ? 1 : Number(cell(r, 'stockingIndex'));
    const key = `${drop}#${cell(r, 'location')}#${index}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        location: cell(r, 'location'),
        deliveryDate: isoDate(cell(r, 'deliveryDate')),
        dropOffDate: drop,
        jit: cell(r, 'jit').toLowerCase() === 'true',
        stockingIndex: index,
        parsAndItems: [],
        overCapacityAmountsAndItems: [],
        priorityBoostItems: [],
      };
      groups.set(key, g);
    }
    const item = cell(r, 'item');
    g.parsAndItems.push({ pars: Number(cell(r, 'par')), itemName: item });
    const over = Number(cell(r, 'overCapacityAmount') || 0);
    if (over > 0) g.overCapacityAmountsAndItems.push({ overCapacityAmount: over, itemName: item });
    if (cell(r, 'priorityBoost').toLowerCase() === 'true') g.priorityBoostItems.push(item);
  }
  return [...groups.values()];
}

export function chunks<T>(items: T[], size = CHUNK_GROUPS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** 'Validation Errors': the invalid rows' messages under '{group} - has an error:' titles. */
export function errorGroups(reports: RowReport[]): { title: string; messages: string[] }[] {
  const byTitle = new Map<string, string[]>();
  for (const r of reports.filter((x) => x.status === 'invalid')) {
    const title = r.group ? `${r.group} - has an error:` : `Row ${r.row} - has an error:`;
    const list = byTitle.get(title) ?? [];
    list.push(...r.messages.map((m) => `Row ${r.row}: ${m}`));
    byTitle.set(title, list);
  }
  return [...byTitle.entries()].map(([title, messages]) => ({ title, messages }));
}

/** The spec's business day is Central (issue 20): a US evening is already tomorrow in UTC. */
export const BUSINESS_ZONE = 'America/Chicago';

/**
 * Today in Central plus the next 14 days, YYYY-MM-DD. The days step on the calendar
 * (UTC date arithmetic on the Central date), so a DST change neither skips nor repeats one.
 */
export function lookAheadDates(now = new Date()): string[] {
  const [y, m, d] = todayIn(BUSINESS_ZONE, now).split('-').map(Number);
  return Array.from({ length: LOOK_AHEAD_DAYS }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10),
  );
}

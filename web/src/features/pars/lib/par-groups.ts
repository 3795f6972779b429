import { todayIn } from '@/components/dates';
import { PARS_RULES } from '@/lib/rules';
import type { RowReport } from '@/lib/upload-pipeline';

export const PREVIEW_ROWS = 1000;
/** One ops-location lookup and the orders of today plus 14 days (§9). */
export const LOOK_AHEAD_DAYS = 15;
export const LOAD_STEPS = 1 + LOOK_AHEAD_DAYS;
/** The par file's columns, as the server reads them. */
export const COLUMNS: readonly string[] = PARS_RULES.columns;

export const MESSAGES = {
  csvIssue: 'Issue uploading CSV. Please try again.',
  failed: 'Something has failed. Pars were not uploaded.',
  complete: 'Upload Complete',
  noPars: 'There was an issue finding pars at that date/location combination',
  noData: 'No Data for this date',
};

/**
 * The par dry run (the server's own type): the pipeline's answer, plus the orders its valid rows
 * make (`ParGroup`, one fridge order as uploadParMaps takes it), in the chunks uploadParMaps takes
 * (at most `pars.chunkGroups` orders each). The server groups and chunks once; the browser sends
 * each chunk as it is.
 */
export type { ParGroup, ParsDryRun } from '@/generated/rest/responses';

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

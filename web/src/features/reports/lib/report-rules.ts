import rules from '@/generated/rules.json';
import { centralMillis } from '@/lib/central-time';
import type { LogView } from '@/generated/rest/responses';

/** The reports' rules and messages (3-planning §5, §8, §9; one definition: rules.json). */
export const REPORTS = rules.reports;

/** Epoch seconds of a Central wall time ('YYYY-MM-DDTHH:mm'); null when it is not one. */
export function centralEpoch(wall: string): number | null {
  const t = centralMillis(wall);
  return t === null ? null : Math.floor(t / 1000);
}

export interface EpochRange {
  start: number;
  end: number;
}

/** The range rules (§5) on Central wall times: the epoch range, or the first rule it breaks. */
export function checkRange(
  start: string,
  end: string,
  now: Date = new Date(),
): { range: EpochRange } | { problem: string } {
  const [s, e] = [centralEpoch(start), centralEpoch(end)];
  if (s === null || e === null) return { problem: REPORTS.missing };
  if (s >= e) return { problem: REPORTS.notBefore };
  if (e - s > REPORTS.maxRangeDays * 86_400) return { problem: REPORTS.tooLong };
  if (s < now.getTime() / 1000 - REPORTS.keepDays * 86_400) return { problem: REPORTS.tooOld };
  return { range: { start: s, end: e } };
}

/** The order rule alone, checked while the user types (the form checks every rule on Fetch Data): the spec's words,
 *  for an equal range too. */
export function orderProblem(range: { start: string; end: string }): string | null {
  const [s, e] = [centralEpoch(range.start), centralEpoch(range.end)];
  return s !== null && e !== null && s >= e ? REPORTS.notBefore : null;
}

/** A route temperature the spec highlights (§9: above 41). */
export const tooWarm = (temperature: number) => temperature > REPORTS.temperatureHighlight;

/** A driver log entry as the server answers it (`type` request, response or error; `message` null when none). */
export type LogEntry = LogView;

/** One row of the stocking logs: a request and its response or error. */
export interface LogRow {
  /** The row's identity: its caller and requestId (two users may pick the same id). */
  key: string;
  requestId: string;
  user: string;
  fridge: string;
  operation: string;
  requestTime: string;
  responseTime: string;
  error: boolean;
  /** The server's own words of the error (the cell reads the spec's text). */
  detail: string;
}

/**
 * Joins entries by caller and requestId (a retried call's entries all count; another user's call
 * with the same id is its own row), newest request first.
 */
export function logRows(entries: readonly LogEntry[], emails: Record<string, string>): LogRow[] {
  const rows = new Map<string, LogRow>();
  for (const e of entries) {
    const key = JSON.stringify([e.uuid, e.requestId]);
    const row = rows.get(key) ?? {
      key,
      requestId: e.requestId,
      user: emails[e.uuid] ?? e.uuid,
      fridge: e.fridge,
      operation: e.operation,
      requestTime: '',
      responseTime: '',
      error: false,
      detail: '',
    };
    if (e.type === 'request') {
      if (!row.requestTime || e.action_time < row.requestTime) row.requestTime = e.action_time;
    } else if (!row.responseTime || e.action_time > row.responseTime) {
      row.responseTime = e.action_time;
      row.error = e.type === 'error';
      row.detail = row.error ? (e.message ?? '') : '';
    }
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    (b.requestTime || b.responseTime).localeCompare(a.requestTime || a.responseTime),
  );
}

/** The distinct values, sorted, for a filter's options. */
export const distinct = (values: readonly (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));

/** '2 h 5 min' of a number of minutes; '' when there is none. */
export function lasted(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  return h ? `${h} h ${m} min` : `${m} min`;
}

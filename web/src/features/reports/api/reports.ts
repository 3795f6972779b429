import { rest } from '@/lib/api';
import { REPORTS, type EpochRange, type LogEntry } from '../lib/report-rules';

/** §3 empty channel row, with its Central date and time. */
export interface EmptyChannelRow {
  kioskName: string;
  vendItemName: string;
  timestamp: string;
  date: string;
  time: string;
  logicalColumn: string | null;
  logicalRow: string | null;
  slot: string;
  /** When the slot held units again (Central 'YYYY-MM-DD HH:mm'), and minutes empty. */
  restockedAt: string | null;
  lastedMinutes: number | null;
  /** The location's route and market on the day (route stops). */
  route: string | null;
  market: string | null;
}

/** §3 stockout row (Date and Time in Central). */
export interface StockOutRow {
  Date: string;
  Time: string;
  Location: string;
  Item: string;
  timestamp: string;
  restockedAt: string | null;
  lastedMinutes: number | null;
  route: string | null;
  market: string | null;
  /** An open stock-out's next stop (its stocking date) and the hours until that day starts. */
  nextStop: string | null;
  hoursToNextStop: number | null;
}

/** §3 route temperature row. */
export interface TemperatureRow {
  /** Where it was read: at the stop (LocationStocked) or in the van (VanTemperature, often at the depot). */
  Location: string;
  DateTime: number;
  Temperature: number;
  assignedRoute: string | null;
  Kind: 'Van' | 'At stop';
  /** Null for a van reading. */
  stockingIndex: number | null;
  occurredAt: string;
}

interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/** GET /reports/emptychannel/{date}: the slots that became empty that Central day. */
export const getEmptyChannels = (date: string) =>
  rest<EmptyChannelRow[]>('GET', `/reports/emptychannel/${encodeURIComponent(date)}`);

/** GET /reports/stockouts/{date}: what fridges ran out of that Central day. */
export const getStockOuts = (date: string) =>
  rest<StockOutRow[]>('GET', `/reports/stockouts/${encodeURIComponent(date)}`);

/**
 * Every page of a range report. After each page `onRows` gets the rows so far, so the screen shows
 * the first page at once, whatever the range holds, while the rest load.
 */
async function allPages<T>(path: string, range: EpochRange, onRows: (rows: T[]) => void): Promise<T[]> {
  let rows: T[] = [];
  let token: string | null = null;
  do {
    const query = new URLSearchParams({ startTime: String(range.start), endTime: String(range.end) });
    if (token) query.set('nextToken', token);
    const page: Page<T> = await rest<Page<T>>('GET', `${path}?${query}`);
    rows = rows.concat(page.items);
    token = page.nextToken;
    if (token) onRows(rows);
  } while (token);
  return rows;
}

/** GET /reports/routetemperatures, every page. */
export const getRouteTemperatures = (range: EpochRange, onRows: (rows: TemperatureRow[]) => void) =>
  allPages<TemperatureRow>('/reports/routetemperatures', range, onRows);

/** GET /reports/driverlog, every page. */
export const getDriverLog = (range: EpochRange, onRows: (rows: LogEntry[]) => void) =>
  allPages<LogEntry>('/reports/driverlog', range, onRows);

/**
 * GET /reports/driverlog/cognitoemails?ids=: user id to e-mail of the users `ids` names only, in
 * calls of at most `REPORTS.maxEmailIds` ids (the server's bound), never the whole directory.
 */
export async function getDriverEmails(ids: readonly string[]): Promise<Record<string, string>> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += REPORTS.maxEmailIds) chunks.push(ids.slice(i, i + REPORTS.maxEmailIds));
  const answers = await Promise.all(
    chunks.map((chunk) =>
      rest<{ emails: Record<string, string> }>(
        'GET',
        `/reports/driverlog/cognitoemails?${new URLSearchParams({ ids: chunk.join(',') })}`,
      ),
    ),
  );
  return Object.assign({}, ...answers.map((a) => a.emails)) as Record<string, string>;
}

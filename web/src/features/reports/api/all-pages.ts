import { rest } from '@/lib/api';
import { fetchAllPages, type FetchedPage } from '@/lib/fetch-all';
import type { EpochRange } from '../lib/report-rules';

/**
 * Every page of a range report. After each page but the last `onRows` gets the rows so far, so the
 * screen shows the first page at once, whatever the range holds, while the rest load.
 */
export function allPages<T>(path: string, range: EpochRange, onRows: (rows: T[]) => void): Promise<T[]> {
  return fetchAllPages((token) => {
    const query = new URLSearchParams({ startTime: String(range.start), endTime: String(range.end) });
    if (token) query.set('nextToken', token);
    return rest<FetchedPage<T>>('GET', `${path}?${query}`);
  }, onRows);
}

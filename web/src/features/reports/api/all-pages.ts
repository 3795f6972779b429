import type { RangeArgs } from '@/generated/rest/requests';
import { fetchAllPages, type FetchedPage } from '@/lib/fetch-all';
import type { EpochRange } from '../lib/report-rules';

/**
 * Every page of a range report: `fetchPage` asks its route for one page of the range (`startTime`,
 * `endTime` and, after the first, `nextToken`, as text). After each page but the last `onRows` gets
 * the rows so far, so the screen shows the first page at once, whatever the range holds, while the
 * rest load.
 */
export function allPages<T>(
  fetchPage: (args: RangeArgs) => Promise<FetchedPage<T>>,
  range: EpochRange,
  onRows: (rows: T[]) => void,
): Promise<T[]> {
  return fetchAllPages((token) => {
    const args: RangeArgs = { startTime: String(range.start), endTime: String(range.end) };
    if (token) args.nextToken = token;
    return fetchPage(args);
  }, onRows);
}

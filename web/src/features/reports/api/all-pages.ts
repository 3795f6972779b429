import { rest } from '@/lib/api';
import type { EpochRange } from '../lib/report-rules';

interface Page<T> {
  items: T[];
  nextToken: string | null;
}

/**
 * Every page of a range report. After each page `onRows` gets the rows so far, so the screen shows
 * the first page at once, whatever the range holds, while the rest load.
 */
export async function allPages<T>(path: string, range: EpochRange, onRows: (rows: T[]) => void): Promise<T[]> {
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

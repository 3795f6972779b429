import { errorMessage } from '@/lib/api';
import type { DropOffRow } from '../api/drop-off-summary';
import type { DropOverride } from './drop-rules';

/** Overrides sent at once: a few at a time keeps a 300-row confirm quick without a burst. */
export const OVERRIDE_CONCURRENCY = 4;

export interface OverrideOutcome {
  done: DropOffRow[];
  /** Each row that failed, with the server's reason (the spec only logs these; the user sees them). */
  failed: { row: DropOffRow; message: string }[];
}

/**
 * Sends each override, a few at a time, and answers which rows landed and which failed.
 * `send` sends a row's kept request (`OverrideRequests`), the same on every try, so a retry
 * after a lost answer is recognised by the server instead of recorded twice.
 */
export async function runOverrides(
  items: { row: DropOffRow; override: DropOverride }[],
  send: (item: { row: DropOffRow; override: DropOverride }) => Promise<unknown>,
  onProgress?: (finished: number) => void,
): Promise<OverrideOutcome> {
  const outcome: OverrideOutcome = { done: [], failed: [] };
  let next = 0;
  let finished = 0;
  async function worker() {
    while (next < items.length) {
      const item = items[next++];
      try {
        await send(item);
        outcome.done.push(item.row);
      } catch (err) {
        console.error('drop override failed', item.row.extendedId, err);
        outcome.failed.push({ row: item.row, message: errorMessage(err, 'The override could not be recorded') });
      }
      onProgress?.(++finished);
    }
  }
  await Promise.all(Array.from({ length: Math.min(OVERRIDE_CONCURRENCY, items.length) }, worker));
  return outcome;
}

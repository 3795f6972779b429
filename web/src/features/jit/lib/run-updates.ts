import { errorMessage } from '@/lib/api';
import type { JitUpdateInput } from '@/generated/gql/graphql';
import type { JitRow } from '../api/jit-management';
import type { JitUpdateResult } from '../api/update-jit-location-status';
import { chunk, MAX_UPDATES_PER_CALL } from './jit-rules';

export interface UpdateOutcome {
  done: JitRow[];
  /** Each row that failed, with the server's reason (the spec only logs these; the user sees them). */
  failed: { row: JitRow; message: string }[];
}

export const CALL_FAILED = 'The JIT status could not be updated';
export const NO_ANSWER = 'The server did not answer for this row';

/**
 * Sends the updates in calls of at most 100, one call after another, and answers which rows
 * landed and which failed. A call answers one result per input, in order: a result with an
 * `error` is that row's failure. A call that fails as a whole (an ApiError, no answer) fails
 * each of its rows with that message; the other calls still go.
 */
export async function runUpdates(
  items: { row: JitRow; input: JitUpdateInput }[],
  send: (inputs: JitUpdateInput[]) => Promise<JitUpdateResult[]>,
  onProgress?: (finished: number) => void,
): Promise<UpdateOutcome> {
  const outcome: UpdateOutcome = { done: [], failed: [] };
  let finished = 0;
  for (const part of chunk(items, MAX_UPDATES_PER_CALL)) {
    try {
      const answers = await send(part.map((p) => p.input));
      part.forEach(({ row, input }, i) => {
        const answer = answers[i];
        if (!answer || answer.stockingId !== input.stockingId) outcome.failed.push({ row, message: NO_ANSWER });
        else if (answer.error) outcome.failed.push({ row, message: answer.error });
        else outcome.done.push(row);
      });
    } catch (err) {
      const message = errorMessage(err, CALL_FAILED);
      for (const { row } of part) outcome.failed.push({ row, message });
    }
    finished += part.length;
    onProgress?.(finished);
  }
  for (const { row, message } of outcome.failed) console.error('JIT update failed', row.stockingId, message);
  return outcome;
}

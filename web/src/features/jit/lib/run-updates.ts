import { runBatches, type BatchOutcome } from '@/lib/run-batches';
import type { JitUpdateInput } from '@/generated/gql/graphql';
import type { JitRow } from '../api/jit-management';
import type { JitUpdateResult } from '../api/update-jit-location-status';
import { MAX_UPDATES_PER_CALL } from './jit-rules';

export type UpdateOutcome = BatchOutcome<JitRow>;

export const CALL_FAILED = 'The JIT status could not be updated';
export const NO_ANSWER = 'The server did not answer for this row';

/**
 * Sends the updates in calls of at most 100, one call after another, and answers which rows
 * landed and which failed. A call answers one result per input, in order: a result with an
 * `error` is that row's failure, a missing or mismatched one fails it too. A call that fails as a
 * whole (an ApiError, no answer) fails each of its rows with that message; the other calls still go.
 */
export function runUpdates(
  items: { row: JitRow; input: JitUpdateInput }[],
  send: (inputs: JitUpdateInput[]) => Promise<JitUpdateResult[]>,
  onProgress?: (finished: number) => void,
): Promise<UpdateOutcome> {
  return runBatches(items, {
    size: MAX_UPDATES_PER_CALL,
    concurrency: 1,
    failure: CALL_FAILED,
    logLabel: 'JIT update failed',
    onProgress,
    send: async (inputs) => {
      const answers = await send(inputs);
      return inputs.map((input, i) => {
        const answer = answers[i];
        if (!answer || answer.stockingId !== input.stockingId) return NO_ANSWER;
        return answer.error ?? null;
      });
    },
  });
}

import { runBatches, type BatchOutcome } from '@/lib/run-batches';
import type { CreateDriverActionInput } from '@/generated/gql/graphql';
import type { DropOffRow } from '../api/drop-off-summary';

/** Overrides sent at once: a few at a time keeps a 300-row confirm quick without a burst. */
export const OVERRIDE_CONCURRENCY = 4;

/**
 * Sends each row's override, a few at a time, and answers which rows landed and which failed.
 * Each input is the row's kept request (`OverrideRequests`), the same on every try, so a retry
 * after a lost answer is recognised by the server instead of recorded twice.
 */
export function runOverrides(
  items: { row: DropOffRow; input: CreateDriverActionInput }[],
  send: (input: CreateDriverActionInput) => Promise<unknown>,
): Promise<BatchOutcome<DropOffRow>> {
  return runBatches(items, {
    size: 1,
    concurrency: OVERRIDE_CONCURRENCY,
    failure: 'The override could not be recorded',
    logLabel: 'drop override failed',
    send: async ([input]) => {
      await send(input);
      return [null];
    },
  });
}

import { errorMessage } from '@/lib/api';

export interface BatchOutcome<R> {
  done: R[];
  /** Each row that failed, with the server's reason (the spec only logs these; the user sees them). */
  failed: { row: R; message: string }[];
}

export interface BatchOptions<I> {
  /** Inputs per call. */
  size: number;
  /** Calls under way at once. */
  concurrency: number;
  /** One call: answers, per input in order, its refusal (a message) or null when it landed. */
  send: (inputs: I[]) => Promise<(string | null)[]>;
  /** A row's message when its call fails as a whole without a server message (no answer). */
  failure: string;
  /** What the console says for a failed row. */
  logLabel: string;
  onProgress?: (finished: number) => void;
}

/**
 * Sends each row's input in calls of `size`, `concurrency` calls at a time, and answers which rows
 * landed and which failed. A call that fails as a whole (an ApiError, no answer) fails each of its
 * rows with that message; the other calls still go.
 */
export async function runBatches<R, I>(
  items: readonly { row: R; input: I }[],
  options: BatchOptions<I>,
): Promise<BatchOutcome<R>> {
  const outcome: BatchOutcome<R> = { done: [], failed: [] };
  const batches: { row: R; input: I }[][] = [];
  for (let i = 0; i < items.length; i += options.size) batches.push(items.slice(i, i + options.size));
  let next = 0;
  let finished = 0;
  async function worker() {
    while (next < batches.length) {
      const batch = batches[next++];
      try {
        const refusals = await options.send(batch.map((b) => b.input));
        batch.forEach(({ row }, i) => {
          const refusal = refusals[i];
          if (refusal) outcome.failed.push({ row, message: refusal });
          else outcome.done.push(row);
        });
      } catch (err) {
        const message = errorMessage(err, options.failure);
        for (const { row } of batch) outcome.failed.push({ row, message });
      }
      finished += batch.length;
      options.onProgress?.(finished);
    }
  }
  await Promise.all(Array.from({ length: Math.min(options.concurrency, batches.length) }, worker));
  for (const { row, message } of outcome.failed) console.error(options.logLabel, row, message);
  return outcome;
}

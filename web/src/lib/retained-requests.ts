import { shouldRetry } from '@/app/query-client';

/**
 * Requests kept until they are answered for good (issue 38), one per key (a row, a route, a
 * command): while the asked-for change is the same, the input sent first is sent again —
 * its requestId and every field, a time included — so a retry after a lost answer is
 * recognised by the server as the same request instead of refused as other content (409) or
 * carried out twice. A success or a refusal ends it; a network or server failure keeps it,
 * since the first try may have landed.
 */
export class RetainedRequests<I> {
  private readonly byKey = new Map<string, { same: string; input: I }>();

  /** The input for `key`: the one sent before while `same` is unchanged, else `make()`'s. */
  inputFor(key: string, same: string, make: () => I): I {
    const held = this.byKey.get(key);
    if (held && held.same === same) return held.input;
    const input = make();
    this.byKey.set(key, { same, input });
    return input;
  }

  /** The answer to `input` under `key`: ended unless `error` is worth retrying. */
  settled(key: string, input: I, error?: unknown) {
    if (error !== undefined && shouldRetry(0, error)) return;
    if (this.byKey.get(key)?.input === input) this.byKey.delete(key);
  }

  /** Ends `key`'s request whatever happened (reverted, say). */
  forget(key: string) {
    this.byKey.delete(key);
  }
}

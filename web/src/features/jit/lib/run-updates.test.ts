import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import type { JitUpdateInput } from '@/generated/gql/graphql';
import type { JitRow } from '../api/jit-management';
import type { JitUpdateResult } from '../api/update-jit-location-status';
import { CALL_FAILED, NO_ANSWER, runUpdates } from './run-updates';

const row = (n: number): JitRow => ({
  stockingId: `2061-03-04#L${n}#1`,
  region: 'MW',
  market: 'MW',
  routeId: 'r',
  locationId: `L${n}`,
  stop: n,
  stockingIndex: 1,
  jitEnabled: 'Y',
  stockedTimeUTC: null,
  jitUnits: 1,
  lockedReason: null,
  update: null,
});
const item = (n: number) => {
  const r = row(n);
  return {
    row: r,
    input: { stockingId: r.stockingId, jitIndicator: false, reason: 'Other', emailAddress: 'ops@x.com' },
  };
};
const ok = (input: JitUpdateInput): JitUpdateResult => ({
  stockingId: input.stockingId,
  message: 'updated',
  orderId: null,
  jitStatusUpdate: true,
  jitAllocationItemsClear: true,
  error: null,
});

afterEach(() => vi.restoreAllMocks());

describe('runUpdates', () => {
  it('sends calls of at most 100 and answers per row: an error in the answer fails that row only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls: number[] = [];
    const items = Array.from({ length: 230 }, (_, i) => item(i + 1));
    const progress: number[] = [];
    const out = await runUpdates(
      items,
      async (inputs) => {
        calls.push(inputs.length);
        return inputs.map((i) =>
          i.stockingId.includes('#L7#') ? { ...ok(i), error: 'Already stocked', message: 'Already stocked' } : ok(i),
        );
      },
      (n) => progress.push(n),
    );
    expect(calls).toEqual([100, 100, 30]);
    expect(progress).toEqual([100, 200, 230]);
    expect(out.done).toHaveLength(229);
    expect(out.failed).toEqual([{ row: items[6].row, message: 'Already stocked' }]);
  });

  it('fails every row of a call that fails as a whole, and still sends the others', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const items = Array.from({ length: 150 }, (_, i) => item(i + 1));
    let call = 0;
    const out = await runUpdates(items, async (inputs) => {
      call += 1;
      if (call === 1) throw new ApiError("emailAddress must be the signed-in user's e-mail", { status: 400 });
      return inputs.map(ok);
    });
    expect(out.failed).toHaveLength(100);
    expect(new Set(out.failed.map((f) => f.message))).toEqual(
      new Set(["emailAddress must be the signed-in user's e-mail"]),
    );
    expect(out.done.map((r) => r.locationId)).toEqual(items.slice(100).map((i) => i.row.locationId));
  });

  it('fails a row the answer does not match, and a call without an answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const items = [item(1), item(2)];
    const short = await runUpdates(items, async (inputs) => [ok(inputs[0])]);
    expect(short.failed).toEqual([{ row: items[1].row, message: NO_ANSWER }]);
    const offline = await runUpdates(items, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(offline.failed.map((f) => f.message)).toEqual([CALL_FAILED, CALL_FAILED]);
  });
});

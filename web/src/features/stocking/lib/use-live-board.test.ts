import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockingDashboard } from './dashboard-types';
import { LIVE_READ_MS } from './live-changes';
import { liveBoard, liveRoute, liveStop } from './live-fixtures';
import { OwnChanges } from './own-changes';
import { REFUSAL, connection, emit, openSubscription, resetRealtime, subscriptions } from './realtime-fake';
import { RESUBSCRIBE_MS, useLiveBoard, type LiveBoardOptions } from './use-live-board';

vi.mock('aws-amplify/api', async () => (await import('./realtime-fake')).apiModule);
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/utils')>()),
  Hub: (await import('./realtime-fake')).hub,
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  idToken: vi.fn(async () => 'id-token'),
}));

const OLD = '2026-07-01T15:00:00Z';
/** The board before the change: stop 1 of R1 not started, R1's last action long ago. */
const before = liveBoard([liveRoute('R1', [liveStop()], { lastActionAt: OLD })]);
/** The board showing the change: stop 1 in progress. */
const after = liveBoard([
  liveRoute('R1', [liveStop({ status: 'IN_PROGRESS', scannedAt: '2026-07-01T15:59:59Z' })], {
    lastActionAt: '2026-07-01T15:59:59Z',
  }),
]);
const change = { route: 'R1', locationId: 'CHI_0001', stockingIndex: 1, changedAt: '2026-07-01T16:00:05Z' };

/** A reader whose answers come from `answers` (the last one again when they run out), after `ms`. */
function reader(answers: (StockingDashboard | undefined)[], ms = 0) {
  const starts: number[] = [];
  const read = vi.fn(async () => {
    starts.push(Date.now());
    if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    return answers.length > 1 ? answers.shift() : answers[0];
  });
  return { read, starts };
}

function live(options: Partial<LiveBoardOptions> & Pick<LiveBoardOptions, 'read'>) {
  return renderHook((props: LiveBoardOptions) => useLiveBoard(props), {
    initialProps: { dropOffDate: '2026-07-01', board: before, random: () => 0.5, ...options } as LiveBoardOptions,
  });
}

/** Lets the timers (and the promises they settle) run for `ms`. */
const run = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useLiveBoard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-07-01T16:00:00Z') });
    resetRealtime();
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes for the shown drop-off date with the ID token, and is live once connected', async () => {
    const { read } = reader([before]);
    const { result, rerender, unmount } = live({ read });
    expect(openSubscription()?.variables).toEqual({ dropOffDate: '2026-07-01' });
    expect(openSubscription()?.query).toContain('onStockingChanged(dropOffDate: $dropOffDate)');
    const headers = openSubscription()?.headers as () => Promise<Record<string, string>>;
    expect(await headers()).toEqual({ Authorization: 'id-token' });
    expect(result.current.state).toBe('connecting');
    act(() => connection('Connected'));
    expect(result.current.state).toBe('live');

    // Another date: the first subscription ends, one for the new date starts.
    rerender({ dropOffDate: '2026-07-02', board: before, read });
    expect(subscriptions[0].closed).toBe(true);
    expect(openSubscription()?.variables).toEqual({ dropOffDate: '2026-07-02' });
    // No search: none.
    rerender({ dropOffDate: null, board: undefined, read });
    expect(openSubscription()).toBeUndefined();
    expect(result.current.state).toBe('off');
    unmount();
  });

  it('reads at most once every 2 s however many changes arrive, the last one always read', async () => {
    const { read, starts } = reader([after]);
    const { result } = live({ read });
    act(() => connection('Connected'));
    const t0 = Date.now();
    for (let i = 0; i < 30; i++) {
      act(() => emit({ ...change, changedAt: `2026-07-01T16:00:0${i % 10}Z` }));
      await run(50);
    }
    // 30 changes in 1.5 s: one read at the first, one trailing read 2 s after it.
    expect(read).toHaveBeenCalledTimes(1);
    await run(2_000);
    expect(starts.map((s) => s - t0)).toEqual([0, 2_000]);
    expect(result.current.lastChangeAt).toBe('2026-07-01T16:00:09Z');
  });

  it('reads again, 1 s after each answer, up to 3 times, while the answer does not show the change', async () => {
    // Each read takes 1 s; none shows the change.
    const { read, starts } = reader([before], 1_000);
    live({ read });
    act(() => connection('Connected'));
    const t0 = Date.now();
    act(() => emit(change));
    await run(20_000);
    // The read, then 3 more, each 1 s after the last answer (and 2 s after the last read began).
    expect(starts.map((s) => s - t0)).toEqual([0, 2_000, 4_000, 6_000]);
  });

  it('stops reading again once an answer shows the change', async () => {
    const { read } = reader([before, after], 1_000);
    live({ read });
    act(() => connection('Connected'));
    act(() => emit(change));
    await run(20_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads once for a change the first answer shows', async () => {
    const { read } = reader([after]);
    live({ read });
    act(() => connection('Connected'));
    act(() => emit(change));
    await run(20_000);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("does not read for this browser's own change: its call's answer shows it", async () => {
    const { read } = reader([after]);
    const own = new OwnChanges();
    own.note({ kind: 'ACTION', route: 'R1', locationId: 'CHI_0001', stockingIndex: 1 });
    const { result } = live({ read, own });
    act(() => connection('Connected'));
    act(() => emit(change));
    await run(5_000);
    expect(read).not.toHaveBeenCalled();
    expect(result.current.lastChangeAt).toBe(change.changedAt);
  });

  it('reads once a minute while live, and not while the connection is lost', async () => {
    const { read } = reader([before]);
    live({ read });
    act(() => connection('Connected'));
    await run(LIVE_READ_MS - 1);
    expect(read).not.toHaveBeenCalled();
    await run(1);
    expect(read).toHaveBeenCalledTimes(1);
    await run(LIVE_READ_MS);
    expect(read).toHaveBeenCalledTimes(2);
    act(() => connection('ConnectionDisrupted'));
    await run(5 * LIVE_READ_MS);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('says the connection dropped, and when back reads everything once, 0-10 s later, before live again', async () => {
    const { read, starts } = reader([before], 300);
    const { result } = live({ read, random: () => 0.42 });
    act(() => connection('Connected'));
    act(() => connection('ConnectionDisrupted'));
    expect(result.current.state).toBe('lost');
    // Passing states change nothing.
    act(() => connection('Connecting'));
    expect(result.current.state).toBe('lost');

    act(() => connection('Connected'));
    const back = Date.now();
    expect(result.current.state).toBe('catching-up');
    await run(4_199);
    expect(read).not.toHaveBeenCalled();
    await run(1);
    expect(starts.map((s) => s - back)).toEqual([4_200]);
    expect(result.current.state).toBe('catching-up');
    await run(300);
    expect(result.current.state).toBe('live');
  });

  it('drops the reconnection read when the connection goes again before it', async () => {
    const { read } = reader([before]);
    const { result } = live({ read, random: () => 0.9 });
    act(() => connection('Connected'));
    act(() => connection('ConnectionDisrupted'));
    act(() => connection('Connected'));
    await run(1_000);
    act(() => connection('ConnectedPendingKeepAlive'));
    expect(result.current.state).toBe('lost');
    await run(20_000);
    expect(read).not.toHaveBeenCalled();
  });

  it('is not live when the server refuses the subscription, and does not ask again', async () => {
    const { read } = reader([before]);
    const { result } = live({ read });
    act(() => connection('Connected'));
    act(() => openSubscription()!.observer.error(REFUSAL));
    expect(result.current.state).toBe('off');
    act(() => connection('Connected'));
    expect(result.current.state).toBe('off');
    await run(10 * RESUBSCRIBE_MS);
    expect(subscriptions).toHaveLength(1);
    expect(read).not.toHaveBeenCalled();
  });

  it('subscribes again a while after a subscription failed for another reason', async () => {
    const { read } = reader([before]);
    const { result } = live({ read, random: () => 0 });
    act(() => connection('Connected'));
    act(() => openSubscription()!.observer.error({ errors: [{ message: 'Connection failed: timeout' }] }));
    expect(result.current.state).toBe('lost');
    expect(openSubscription()).toBeUndefined();
    await run(RESUBSCRIBE_MS);
    expect(subscriptions).toHaveLength(2);
    expect(openSubscription()).toBeDefined();
    // A change arriving shows the connection is back: it is read, then everything once (2 s later), then live.
    act(() => emit(change));
    expect(result.current.state).toBe('catching-up');
    await run(100);
    expect(read).toHaveBeenCalledTimes(1);
    await run(2_000);
    expect(read).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('live');
  });

  it('ends its subscription, listener and reads when unmounted', async () => {
    const { read } = reader([before]);
    const { unmount } = live({ read });
    act(() => connection('Connected'));
    act(() => emit(change));
    unmount();
    expect(subscriptions[0].closed).toBe(true);
    await run(5 * LIVE_READ_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REFRESHES, REFRESH_MS } from './dashboard';
import { LIVE_READ_MS } from './live-changes';
import { liveBoard, liveRoute, liveStop } from './live-fixtures';
import { REFUSAL, connection, emit, openSubscription, resetRealtime } from './realtime-fake';
import { useDashboardRefresh, type DashboardRefreshOptions } from './use-dashboard-refresh';

vi.mock('aws-amplify/api', async () => (await import('./realtime-fake')).apiModule);
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/utils')>()),
  Hub: (await import('./realtime-fake')).hub,
}));

const board = liveBoard([liveRoute('R1', [liveStop()])]);
const change = { route: 'R1', locationId: 'CHI_0001', stockingIndex: 1, changedAt: '2026-07-01T16:00:05Z' };
const run = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function page(options: Partial<DashboardRefreshOptions> = {}) {
  const read = vi.fn(async () => board);
  const hook = renderHook(() =>
    useDashboardRefresh({ dropOffDate: '2026-07-01', board, read, random: () => 0.1, ...options }),
  );
  return { read, ...hook };
}

describe('useDashboardRefresh: the 240-refresh limit counts only the 2-minute fallback', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-07-01T16:00:00Z') });
    resetRealtime();
  });
  afterEach(() => vi.useRealTimers());

  it('counts nothing while live: the live reads and the minute read are free', async () => {
    const { read, result } = page();
    act(() => connection('Connected'));
    // An hour live, a change every 10 s.
    for (let t = 0; t < 3_600_000; t += 10_000) {
      act(() => emit(change));
      await run(10_000);
    }
    expect(read.mock.calls.length).toBeGreaterThan(300);
    expect(result.current.auto.count).toBe(0);
    expect(result.current.live.state).toBe('live');
  });

  it('refreshes every 2 minutes, counted, while the connection is lost; the reconnection read is free', async () => {
    const { read, result } = page();
    act(() => connection('Connected'));
    await run(LIVE_READ_MS);
    expect(read).toHaveBeenCalledTimes(1); // the minute read
    act(() => connection('ConnectionDisrupted'));
    await run(2 * REFRESH_MS);
    expect(result.current.auto.count).toBe(2);
    expect(read).toHaveBeenCalledTimes(3);

    act(() => connection('Connected'));
    await run(1_000); // the reconnection's read (0.1 of 10 s)
    expect(read).toHaveBeenCalledTimes(4);
    expect(result.current.live.state).toBe('live');
    await run(10 * REFRESH_MS);
    // Live again: only minute reads, none counted.
    expect(result.current.auto.count).toBe(2);
    expect(read).toHaveBeenCalledTimes(4 + (10 * REFRESH_MS) / LIVE_READ_MS);
  });

  it('refreshes every 2 minutes before the first connection, and for good when the subscription is refused', async () => {
    const { read, result } = page();
    await run(REFRESH_MS);
    expect(result.current.auto.count).toBe(1);
    act(() => connection('Connected'));
    act(() => openSubscription()!.observer.error(REFUSAL));
    expect(result.current.live.state).toBe('off');
    await run(3 * REFRESH_MS);
    expect(result.current.auto.count).toBe(4);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('stops reading, live too, once the fallback reached the limit', async () => {
    const { read, result } = page({ max: 2 });
    expect(MAX_REFRESHES).toBe(240);
    await run(3 * REFRESH_MS);
    expect(result.current.auto.exhausted).toBe(true);
    expect(read).toHaveBeenCalledTimes(2);
    expect(openSubscription()).toBeUndefined();
    expect(result.current.live.state).toBe('off');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_GAP_MS, ReadThrottle } from './read-throttle';

/** A read that takes `ms` and notes when it started. */
function reader(ms = 100) {
  const starts: number[] = [];
  const read = vi.fn(async () => {
    starts.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  return { read, starts };
}

describe('ReadThrottle', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('reads at once for a first change', async () => {
    const { read } = reader();
    new ReadThrottle(read).request();
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('makes many changes in 2 s one read, and the trailing read after them', async () => {
    const { read, starts } = reader();
    const throttle = new ReadThrottle(read);
    // 50 changes over 1.9 s: the first is read at once, the others together 2 s after it.
    for (let i = 0; i < 50; i++) {
      throttle.request();
      await vi.advanceTimersByTimeAsync(38);
    }
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(READ_GAP_MS);
    expect(read).toHaveBeenCalledTimes(2);
    expect(starts).toEqual([0, READ_GAP_MS]);
    // Nothing more asked: nothing more read.
    await vi.advanceTimersByTimeAsync(10 * READ_GAP_MS);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('never reads more than once in any 2 s, however many changes arrive', async () => {
    const { read, starts } = reader(300);
    const throttle = new ReadThrottle(read);
    for (let t = 0; t < 20_000; t += 50) {
      throttle.request();
      await vi.advanceTimersByTimeAsync(50);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts.length).toBeGreaterThanOrEqual(9);
    starts.slice(1).forEach((at, i) => expect(at - starts[i]).toBeGreaterThanOrEqual(READ_GAP_MS));
    // The last change (at 19,950 ms) was read: a read started after it.
    expect(starts.at(-1)).toBeGreaterThanOrEqual(19_950);
  });

  it('does not start a read while one runs, and reads again after it for a change that came meanwhile', async () => {
    const { read, starts } = reader(5_000);
    const throttle = new ReadThrottle(read);
    throttle.request();
    await vi.advanceTimersByTimeAsync(3_000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([0, 5_000]);
  });

  it('goes on after a failed read', async () => {
    const read = vi.fn().mockRejectedValueOnce(new Error('Network error')).mockResolvedValue(undefined);
    const throttle = new ReadThrottle(read);
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    throttle.request();
    await vi.advanceTimersByTimeAsync(READ_GAP_MS);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads nothing once stopped', async () => {
    const { read } = reader();
    const throttle = new ReadThrottle(read);
    throttle.request();
    throttle.request();
    throttle.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

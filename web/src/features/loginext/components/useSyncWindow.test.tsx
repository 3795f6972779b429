import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSyncWindow } from './useSyncWindow';

afterEach(() => {
  vi.useRealTimers();
});

describe('useSyncWindow (issue 43)', () => {
  it('starts the countdown and the window on time, checking each second in between', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T23:19:30.400Z')); // 17:19:30.4 CST
    const now = () => new Date();
    const { result } = renderHook(() => useSyncWindow(now));
    expect(result.current).toBe(10 * 60_000 + 29_600);
    // Not a minute later: when the last ten minutes start.
    act(() => vi.advanceTimersByTime(29_600));
    expect(result.current).toBe(10 * 60_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(10 * 60_000 - 1000);
    act(() => vi.advanceTimersByTime(9 * 60_000 + 58_000));
    expect(result.current).toBe(1000);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(1000);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(0);
    // The window's end is checked every 60 s (2-fleet §5).
    act(() => vi.advanceTimersByTime(20 * 60_000));
    expect(result.current).toBeGreaterThan(23 * 3_600_000);
  });
});

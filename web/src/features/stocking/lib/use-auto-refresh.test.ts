import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_REFRESHES, REFRESH_MS } from './dashboard';
import { useAutoRefresh } from './use-auto-refresh';

describe('useAutoRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes every 120,000 ms', () => {
    const refresh = vi.fn();
    renderHook(() => useAutoRefresh(true, refresh));
    expect(REFRESH_MS).toBe(120_000);
    act(() => vi.advanceTimersByTime(REFRESH_MS - 1));
    expect(refresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing while inactive', () => {
    const refresh = vi.fn();
    renderHook(() => useAutoRefresh(false, refresh));
    act(() => vi.advanceTimersByTime(REFRESH_MS * 3));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('stops after 240 refreshes, timed or by hand, and says so', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => useAutoRefresh(true, refresh));
    expect(MAX_REFRESHES).toBe(240);
    act(() => result.current.refreshNow());
    act(() => vi.advanceTimersByTime(REFRESH_MS * (MAX_REFRESHES - 1)));
    expect(refresh).toHaveBeenCalledTimes(MAX_REFRESHES);
    expect(result.current.exhausted).toBe(false);
    act(() => vi.advanceTimersByTime(REFRESH_MS));
    expect(result.current.exhausted).toBe(true);
    act(() => vi.advanceTimersByTime(REFRESH_MS * 10));
    act(() => result.current.refreshNow());
    expect(refresh).toHaveBeenCalledTimes(MAX_REFRESHES);
  });
});

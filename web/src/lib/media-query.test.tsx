import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY, useMediaQuery } from './media-query';
import { fakeWidth, restoreWidth } from '@/test/media-query-fake';

afterEach(() => {
  // The spy first: restored after the fake is gone, it would put the fake back.
  vi.restoreAllMocks();
  restoreWidth();
});

describe('useMediaQuery', () => {
  it('is false without matchMedia (jsdom, an old browser)', () => {
    expect(renderHook(() => useMediaQuery(PHONE_QUERY)).result.current).toBe(false);
  });

  it('matches a phone below 600 px and follows the window as it changes', () => {
    const win = fakeWidth(390);
    const { result, unmount } = renderHook(() => useMediaQuery(PHONE_QUERY));
    expect(result.current).toBe(true);
    act(() => win.resize(600));
    expect(result.current).toBe(false);
    act(() => win.resize(599));
    expect(result.current).toBe(true);
    unmount();
    expect(win.listeners.size).toBe(0);
  });

  it('asks matchMedia once per query however many components read it and however often they render', () => {
    fakeWidth(390);
    const asked = vi.spyOn(window, 'matchMedia');
    const hooks = Array.from({ length: 50 }, () => renderHook(() => useMediaQuery(PHONE_QUERY)));
    hooks.forEach((h) => h.rerender());
    expect(hooks.every((h) => h.result.current)).toBe(true);
    expect(asked.mock.calls.filter(([q]) => q === PHONE_QUERY).length).toBeLessThanOrEqual(1);
  });
});

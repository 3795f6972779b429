import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useSearchState } from './search-state';

const DEFAULTS = { text: '', status: '', region: 'ALL' };

/** The hook on a page of a memory router opened at `path`, with the router to read the address from. */
function onPage(path: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const hook = renderHook(() => ({ state: useSearchState(DEFAULTS), location: useLocation() }), {
    wrapper: ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [path] });
      return <RouterProvider router={router} />;
    },
  });
  return { ...hook, router: () => router! };
}

describe('useSearchState', () => {
  it('reads the defaults from a bare address, and the address where it names a value', () => {
    expect(onPage('/locations/all').result.current.state[0]).toEqual(DEFAULTS);
    const { result } = onPage('/locations/all?status=LIVE&text=chi%2001&other=kept');
    expect(result.current.state[0]).toEqual({ text: 'chi 01', status: 'LIVE', region: 'ALL' });
  });

  it('writes a change into the address, leaves a default out, and keeps what it does not own', () => {
    const { result } = onPage('/locations/all?other=kept');
    act(() => result.current.state[1]('status', 'DEAD'));
    act(() => result.current.state[1]('region', 'NE'));
    expect(result.current.state[0]).toEqual({ text: '', status: 'DEAD', region: 'NE' });
    expect(new URLSearchParams(result.current.location.search).toString()).toBe('other=kept&status=DEAD&region=NE');
    act(() => result.current.state[1]('region', 'ALL'));
    expect(result.current.location.search).toBe('?other=kept&status=DEAD');
  });

  it('keeps every change made before the router applied the one before (two filters set at once)', () => {
    const { result } = onPage('/locations/all');
    act(() => {
      result.current.state[1]('status', 'OFFLINE');
      result.current.state[1]('text', 'e2e');
    });
    expect(result.current.state[0]).toEqual({ text: 'e2e', status: 'OFFLINE', region: 'ALL' });
    const address = new URLSearchParams(result.current.location.search);
    expect([address.get('status'), address.get('text')]).toEqual(['OFFLINE', 'e2e']);
  });

  it('follows the address when it is changed from outside (a link to the screen with other filters)', () => {
    const { result, router } = onPage('/locations/all?status=LIVE');
    act(() => void router().navigate('/locations/all?region=NE'));
    expect(result.current.state[0]).toEqual({ text: '', status: '', region: 'NE' });
    expect(result.current.location.search).toBe('?region=NE');
  });

  it('replaces the history entry as it changes, so Back leaves the screen rather than undoing each keystroke', () => {
    const { result, router } = onPage('/home');
    act(() => void router().navigate('/locations/all'));
    for (const text of ['c', 'ch', 'chi']) act(() => result.current.state[1]('text', text));
    expect(result.current.location.search).toBe('?text=chi');
    act(() => void router().navigate(-1));
    expect(result.current.location.pathname).toBe('/home');
    act(() => void router().navigate(1));
    expect(result.current.state[0].text).toBe('chi');
  });
});

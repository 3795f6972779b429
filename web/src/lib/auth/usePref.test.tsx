import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newTestQueryClient } from '@/test/utils';
import { usePref } from './usePref';

let sub = 'user-a';
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: `${sub}@x.com`, sub } } } })),
}));

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={newTestQueryClient()}>{children}</QueryClientProvider>
);

describe('usePref', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a preference for the signed-in user only', async () => {
    sub = 'user-a';
    const a = renderHook(() => usePref('dashboardFilters', ['all']), { wrapper });
    await waitFor(() => expect(localStorage.length).toBe(0));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    act(() => a.result.current[1](['CHI']));
    expect(a.result.current[0]).toEqual(['CHI']);
    a.unmount();

    sub = 'user-b';
    const b = renderHook(() => usePref('dashboardFilters', ['all']), { wrapper });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(b.result.current[0]).toEqual(['all']);
    b.unmount();

    sub = 'user-a';
    const again = renderHook(() => usePref('dashboardFilters', ['all']), { wrapper });
    await waitFor(() => expect(again.result.current[0]).toEqual(['CHI']));
  });
});

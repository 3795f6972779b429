import { Hub } from 'aws-amplify/utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accessQueryKey } from '@/lib/access';
import { graphql } from '@/lib/api';
import { currentUserQueryKey, getCurrentUser } from '@/lib/auth/useCurrentUser';
import { preloadFirstScreen, signedInQueryClient } from './early-cache';
import { preloadScreen } from './router';

vi.mock('./router', () => ({ preloadScreen: vi.fn() }));
// The access is read through the API client, as the app reads it.
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/auth/useCurrentUser', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/useCurrentUser')>()),
  getCurrentUser: vi.fn(),
}));

const user = { email: 'ops@fleet.test', sub: 'sub-1' };
const access = { actions: ['GetStockingDashboard'], flags: [] };

describe('the query cache filled while the page loads (issue 42)', () => {
  beforeEach(() => {
    vi.mocked(getCurrentUser).mockResolvedValue(user);
    vi.mocked(graphql).mockResolvedValue({ myAccess: access });
    Hub.dispatch('auth', { event: 'signedOut' }); // none left over from another test
  });

  it("holds a returning user's identity, access and first screen's data for the app that mounts", async () => {
    preloadFirstScreen('/reports/checkpoints');
    expect(preloadScreen).toHaveBeenCalledWith('/reports/checkpoints');
    await vi.waitFor(() =>
      expect(preloadScreen).toHaveBeenCalledWith('/reports/checkpoints', { client: expect.anything(), user }),
    );
    const client = signedInQueryClient();
    expect(vi.mocked(preloadScreen).mock.calls.at(-1)?.[1]?.client).toBe(client);
    expect(client.getQueryData(currentUserQueryKey)).toEqual(user);
    await vi.waitFor(() => expect(client.getQueryData(accessQueryKey)).toEqual(access));
    expect(graphql).toHaveBeenCalledTimes(1);
    expect(signedInQueryClient()).toBe(client);
  });

  it("fills the mounted app's cache when the app mounts first", async () => {
    const client = signedInQueryClient();
    preloadFirstScreen('/home');
    await vi.waitFor(() => expect(client.getQueryData(accessQueryKey)).toEqual(access));
    expect(vi.mocked(preloadScreen).mock.calls.at(-1)?.[1]?.client).toBe(client);
  });

  it('asks for nothing without a session: the sign-in form comes first', async () => {
    vi.mocked(getCurrentUser).mockRejectedValue(new Error('not signed in'));
    preloadFirstScreen('/home');
    await vi.waitFor(() => expect(getCurrentUser).toHaveBeenCalled());
    await Promise.resolve();
    expect(preloadScreen).toHaveBeenCalledTimes(1); // the module only
    expect(signedInQueryClient().getQueryCache().getAll()).toEqual([]);
    expect(graphql).not.toHaveBeenCalled();
  });

  it("is not the next session's: a sign-in or sign-out starts a new, empty one", async () => {
    for (const event of ['signedIn', 'signedOut'] as const) {
      preloadFirstScreen('/home');
      await vi.waitFor(() => expect(preloadScreen).toHaveBeenCalledWith('/home', expect.anything()));
      const filled = signedInQueryClient();
      Hub.dispatch('auth', { event });
      const next = signedInQueryClient();
      expect(next).not.toBe(filled);
      expect(next.getQueryData(currentUserQueryKey)).toBeUndefined();
      vi.mocked(preloadScreen).mockClear();
    }
  });
});

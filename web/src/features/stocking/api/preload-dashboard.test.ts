import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { writePref } from '@/lib/browser-storage';
import { newTestQueryClient } from '@/test/utils';
import { FILTERS_PREF, type StoredFilters } from '../lib/filters';
import { preloadStockingDashboard } from './preload-dashboard';
import { dashboardQuery } from './stocking-dashboard';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));

const user = { email: 'ops@fleet.test', sub: 'sub-1' };
const searched: StoredFilters = {
  dropOffDate: '2026-07-01',
  region: 'MW',
  market: 'ALL',
  routes: ['R2', 'R1'],
  searched: true,
};
const answer = {
  dropOffDate: '2026-07-01',
  routes: [],
  attention: { open: [], resolved: [], counts: [], digest: 'd', unchanged: false, whole: true },
};

describe("a returning operator's dashboard, asked for while the page loads (issue 42)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(graphql).mockResolvedValue({ stockingDashboard: answer });
  });

  it("asks for the remembered search's answer, every route's rows, under the key the screen reads", async () => {
    writePref(user.sub, FILTERS_PREF, searched);
    const client = newTestQueryClient();
    preloadStockingDashboard(client, user);
    const query = { dropOffDate: '2026-07-01', region: 'MW', market: 'ALL', routes: ['R1', 'R2'] } as const;
    await vi.waitFor(() =>
      expect(client.getQueryData(dashboardQuery(client, { ...query, routes: [...query.routes] }).queryKey)).toEqual(
        answer,
      ),
    );
    expect(graphql).toHaveBeenCalledTimes(1);
    expect(vi.mocked(graphql).mock.calls[0]?.[1]).toMatchObject({
      filter: { ...query, routes: ['R1', 'R2'] },
      routesWithRows: null,
      shownRoutes: null,
    });
  });

  it('asks for nothing before a first search, or for another user of the browser', () => {
    writePref(user.sub, FILTERS_PREF, { ...searched, searched: false });
    writePref('someone-else', FILTERS_PREF, searched);
    const client = newTestQueryClient();
    preloadStockingDashboard(client, user);
    expect(graphql).not.toHaveBeenCalled();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

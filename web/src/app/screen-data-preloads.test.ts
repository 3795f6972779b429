/**
 * The first data of the portfolio health and permissions screens, asked for while the page loads (issue 63):
 * each fills the query the screen then reads, so the screen makes no second request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql, rest } from '@/lib/api';
import { newTestQueryClient } from '@/test/utils';
import { fleetHealthKey } from '@/features/health/api/fleet-health';
import { preloadFleetHealth } from '@/features/health/api/preload-fleet-health';
import { preloadFridgeHealth } from '@/features/health/api/preload-fridge-health';
import { fridgeHealthKey } from '@/features/health/api/get-fridge-health';
import { permissionsQueryKey } from '@/features/permissions/api/get-permissions';
import { preloadPermissions } from '@/features/permissions/api/preload-permissions';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
  rest: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(graphql).mockReset();
  vi.mocked(rest).mockReset();
});

describe('screen data preloads', () => {
  it("fills the permissions screen's query", async () => {
    const answer = { users: [], groups: [], actions: ['GetPars'], changes: [] };
    vi.mocked(rest).mockResolvedValue(answer as never);
    const client = newTestQueryClient();
    preloadPermissions(client);
    await vi.waitFor(() => expect(client.getQueryData(permissionsQueryKey)).toEqual(answer));
    expect(rest).toHaveBeenCalledWith('get_user_permissions', {});
  });

  it("fills a fridge health page's health and chart, for the fridge its path names", async () => {
    vi.mocked(graphql).mockImplementation((async (_doc: unknown, vars: { location?: string; locations?: string[] }) =>
      vars.location === 'LOC.001'
        ? { fridgeTemperatures: [{ timestamp: 't', temperature: 38 }] }
        : { fridgeHealth: [] }) as never);
    const client = newTestQueryClient();
    const user = { email: 'ops@fleet.test', sub: 'sub-1' };
    preloadFridgeHealth(client, user, { '*': 'x/LOC.001' });
    await vi.waitFor(() =>
      expect(client.getQueryData(['health', 'temperatures', 'LOC.001'])).toEqual([{ timestamp: 't', temperature: 38 }]),
    );
    await vi.waitFor(() => expect(client.getQueryState(fridgeHealthKey('LOC.001'))?.status).toBe('success'));
    preloadFridgeHealth(client, user, {});
    expect(graphql).toHaveBeenCalledTimes(2);
  });

  it("fills the portfolio health screen's query (no snapshot built yet: none to download)", async () => {
    vi.mocked(graphql).mockResolvedValue({ fleetHealthSnapshot: { url: null, asOf: null, fridges: 0 } } as never);
    const client = newTestQueryClient();
    preloadFleetHealth(client);
    await vi.waitFor(() => expect(client.getQueryData(fleetHealthKey)).toEqual({ asOf: null, fridges: [] }));
    expect(graphql).toHaveBeenCalledTimes(1);
  });
});

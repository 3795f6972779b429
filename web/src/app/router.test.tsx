import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { newTestQueryClient } from '@/test/utils';
import { preloadScreen, routes } from './router';

const loaded = vi.hoisted(() => [] as string[]);
// The pars view reads the API; the redirect is what is under test.
vi.mock('@/features/pars/routes/ParsList', () => ({ default: () => <p>The pars view</p> }));
// Modules a preload loads say so when evaluated.
vi.mock('@/features/stocking/routes/StockingDashboard', () => {
  loaded.push('stocking dashboard');
  return { default: () => <p>The dashboard</p> };
});
vi.mock('@/features/shell/routes/DeliveryNotice', () => {
  loaded.push('delivery notice');
  return { default: () => <p>Delivery</p> };
});
vi.mock('@/features/stocking/api/preload-dashboard', () => ({ preloadStockingDashboard: vi.fn() }));
vi.mock('@/features/health/api/preload-fleet-health', () => ({ preloadFleetHealth: vi.fn() }));
vi.mock('@/features/health/api/preload-fridge-health', () => ({ preloadFridgeHealth: vi.fn() }));
vi.mock('@/features/permissions/api/preload-permissions', () => ({ preloadPermissions: vi.fn() }));
// The screen guard asks for the user's access: this user may view the pars.
vi.mock('@/lib/access/get-my-access', () => ({
  getMyAccess: () => Promise.resolve({ actions: ['GetPars'], flags: [] }),
}));

/** The app's route table without the layout (its navigation bar reads the API). */
function open(path: string) {
  const pages = routes[0]?.children ?? [];
  const router = createMemoryRouter(
    [
      {
        element: (
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        ),
        children: pages,
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={newTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the pars paths (issue 20)', () => {
  it('send an unknown path under /pars to the not-found page, not a "coming soon" one', async () => {
    open('/pars/anything');
    expect(await screen.findByText('Sorry, page not found!')).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/)).toBeNull();
  });

  it('open the pars view at /pars', async () => {
    const router = open('/pars');
    expect(await screen.findByText('The pars view')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pars/list');
  });
});

describe('preloadScreen (issue 42)', () => {
  const user = { email: 'ops@fleet.test', sub: 'sub-1' };

  it("loads a guarded screen's module, not only an open one's", async () => {
    preloadScreen('/reports/checkpoints');
    preloadScreen('/delivery');
    await vi.waitFor(() => expect(loaded).toEqual(expect.arrayContaining(['stocking dashboard', 'delivery notice'])));
  });

  it("asks for a screen's first data only with a query cache and its user", async () => {
    const { preloadStockingDashboard } = await import('@/features/stocking/api/preload-dashboard');
    preloadScreen('/checkpoints');
    expect(preloadStockingDashboard).not.toHaveBeenCalled();
    const client = newTestQueryClient();
    preloadScreen('/checkpoints', { client, user });
    expect(preloadStockingDashboard).toHaveBeenCalledWith(client, user, {});
    preloadScreen('/delivery', { client, user });
    expect(preloadStockingDashboard).toHaveBeenCalledTimes(1);
  });

  it("asks for the portfolio health and the permissions screens' first data ahead too (issue 63)", async () => {
    const { preloadFleetHealth } = await import('@/features/health/api/preload-fleet-health');
    const { preloadPermissions } = await import('@/features/permissions/api/preload-permissions');
    const client = newTestQueryClient();
    preloadScreen('/portfoliohealth', { client, user });
    expect(preloadFleetHealth).toHaveBeenCalledWith(client, user, {});
    expect(preloadPermissions).not.toHaveBeenCalled();
    preloadScreen('/users/permissions', { client, user });
    expect(preloadPermissions).toHaveBeenCalledWith(client, user, {});
  });

  it("hands a fridge page's preload the path's parameters (issue 63)", async () => {
    const { preloadFridgeHealth } = await import('@/features/health/api/preload-fridge-health');
    const client = newTestQueryClient();
    preloadScreen('/locations/health/x/LOC.001', { client, user });
    expect(preloadFridgeHealth).toHaveBeenCalledWith(client, user, { '*': 'x/LOC.001' });
  });
});

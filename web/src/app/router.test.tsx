import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { newTestQueryClient } from '@/test/utils';
import { routes } from './router';

// The pars view reads the API; the redirect is what is under test.
vi.mock('@/features/pars/routes/ParsList', () => ({ default: () => <p>The pars view</p> }));
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

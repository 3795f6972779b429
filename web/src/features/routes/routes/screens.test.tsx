import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { actionsFor, refusalReason, screenNeeds } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import UpdateRouteDrivers from './UpdateRouteDrivers';
import UpdateRoutes from './UpdateRoutes';
import UpdateWeeklyRoutes from './UpdateWeeklyRoutes';
import ViewRoutes from './ViewRoutes';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

beforeEach(() => {
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation((async (doc: unknown) => {
    const q = String(doc);
    if (q.includes('routeAssignments(')) return { routeAssignments: [] };
    if (q.includes('routeSettings'))
      return { routeSettings: { claimsAllowed: true, version: 0, changedBy: null, changedAt: null } };
    return { locationRoutes: { routes: [] } };
  }) as never);
});

const SCREENS = [
  ['/locations/view_routes', <ViewRoutes key="v" />, 'View Routes By Date'],
  ['/locations/update_routes', <UpdateRoutes key="u" />, 'Upload routes'],
  ['/locations/update_weekly_routes', <UpdateWeeklyRoutes key="w" />, 'Upload routes'],
  ['/locations/update_route_drivers', <UpdateRouteDrivers key="d" />, 'Upload routes'],
] as const;

describe('the routes screens (issue 22)', () => {
  it('have one h1 and no skipped heading level', async () => {
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    for (const [route, element, title] of SCREENS) {
      const { unmount } = renderWithProviders(element, { route });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(headingProblems(), route).toEqual([]);
      unmount();
    }
  });

  it('disable the upload of a user who may not upload routes, with the reason', async () => {
    accessMock.mockResolvedValue({ actions: ['ViewRoutes'], flags: [] });
    for (const [route, element, call] of [
      ['/locations/update_routes', <UpdateRoutes key="u" />, 'POST /locations/routes/drivers/commit'],
      ['/locations/update_weekly_routes', <UpdateWeeklyRoutes key="w" />, 'POST /locations/routes/schedule/commit'],
      ['/locations/update_route_drivers', <UpdateRouteDrivers key="d" />, 'POST /locations/routes/assignments/commit'],
    ] as const) {
      const { unmount } = renderWithProviders(element, { route });
      await vi.waitFor(() =>
        expect(screen.getByRole('button', { name: 'Upload Drivers' }).parentElement).toHaveAttribute(
          'title',
          refusalReason(call, false),
        ),
      );
      expect(screen.getByRole('button', { name: 'Upload Drivers' })).toBeDisabled();
      unmount();
    }
  });
});

describe('the routes uploads guarded by their own calls', () => {
  it.each([
    ['/locations/update_routes', 'POST /locations/routes/drivers/commit'],
    ['/locations/update_weekly_routes', 'POST /locations/routes/schedule/commit'],
    ['/locations/update_route_drivers', 'POST /locations/routes/assignments/commit'],
  ])('%s: the dry run of the upload it commits', (path, commit) => {
    expect(screenNeeds(path)?.call).toBe(commit.replace(/commit$/, 'dry-run'));
  });
});

describe('the route drivers upload (issue 38)', () => {
  it('is a third tab next to the route uploads, with its columns and the AssignRoutes gate', async () => {
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    for (const [route, element] of [
      ['/locations/update_routes', <UpdateRoutes key="u" />],
      ['/locations/update_weekly_routes', <UpdateWeeklyRoutes key="w" />],
    ] as const) {
      const { unmount } = renderWithProviders(element, { route });
      const tabs = screen.getByRole('navigation', { name: 'Route uploads' });
      expect(
        within(tabs)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Drivers: route and stop per location', 'Route-stop schedule by date', 'Route drivers']);
      expect(within(tabs).getByRole('link', { name: 'Route drivers' })).toHaveAttribute(
        'href',
        '/locations/update_route_drivers',
      );
      unmount();
    }
    renderWithProviders(<UpdateRouteDrivers />, { route: '/locations/update_route_drivers' });
    expect(screen.getByText('date, route, driverEmail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Route drivers' })).toHaveAttribute('aria-current', 'page');
    expect(actionsFor('POST /locations/routes/assignments/commit')).toEqual(['AssignRoutes']);
    expect(actionsFor('POST /locations/routes/assignments/dry-run')).toEqual(['AssignRoutes']);
  });
});

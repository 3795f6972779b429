import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import StockingDashboard from './StockingDashboard';
import { liveBoard, liveRoute, liveStop } from '../lib/live-fixtures';
import { connection, resetRealtime } from '../lib/realtime-fake';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('aws-amplify/api', async () => (await import('../lib/realtime-fake')).apiModule);
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/utils')>()),
  Hub: (await import('../lib/realtime-fake')).hub,
}));

/** The 74 routes of the day, a stop each: more than the 20 whose rows a search once asked for first. */
const ROUTES = Array.from({ length: 74 }, (_, i) => `R${String(i + 1).padStart(2, '0')}`);
const board = liveBoard(
  ROUTES.map((route, i) =>
    liveRoute(route, [liveStop({ routeName: route, locationId: `CHI_${String(i + 1).padStart(4, '0')}` })]),
  ),
);

/** The variables of each stockingDashboard call. */
let reads: unknown[];

beforeEach(() => {
  localStorage.clear();
  resetRealtime();
  reads = [];
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] } as never);
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('locationRoutes('))
      return { locationRoutes: { routes: ROUTES.map((route) => ({ route, market: 'MW' })) } };
    if (q.includes('stockingDashboard(')) {
      reads.push(vars);
      // As the server answers: with routesWithRows, the other routes come without their rows.
      const { routesWithRows } = vars as { routesWithRows?: number | null };
      const routes = board.routes.map((r, i) =>
        routesWithRows != null && i >= routesWithRows ? { ...r, stops: null } : r,
      );
      return { stockingDashboard: { ...board, routes } };
    }
    throw new Error(`unexpected ${q.slice(0, 40)}`);
  });
});

describe('the Stocking Real-Time Dashboard page (issue 61)', () => {
  it('reads the day once per Search, its last route included, and not again when it goes live', async () => {
    renderWithProviders(<StockingDashboard />);
    const user = userEvent.setup();
    const date = await screen.findByLabelText(/Drop Off Date/);
    await user.clear(date);
    await user.type(date, '2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    // The last route's rows are on screen: with a first part and then the whole day, that took a second read.
    const last = await screen.findByRole('region', { name: 'Route R74' });
    expect(await within(last).findByRole('row', { name: 'Stop 1 CHI_0074' })).toBeTruthy();
    expect(screen.getAllByRole('region', { name: /^Route R\d+$/ })).toHaveLength(74);
    // The subscription connecting reads nothing either (a later change or the minute's read would).
    act(() => connection('Connecting'));
    act(() => connection('Connected'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ filter: { dropOffDate: '2026-07-01', routes: null }, routesWithRows: null });
  });
});

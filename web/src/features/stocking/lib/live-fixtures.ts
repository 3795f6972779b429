/** Test data of the live dashboard (issue 61): answers of the dashboard, shared by its unit tests. */
import type { StockingChange } from '../api/on-stocking-changed';
import type { DashboardRoute, DashboardStop, StockingDashboard } from './dashboard-types';
import { attentionItem } from './attention-fixtures';

/** A stop of route R1, not started, with `over` on top. */
export const liveStop = (over: Partial<DashboardStop> = {}): DashboardStop => ({
  stop: 1,
  stockingIndex: 1,
  stopType: 'DELIVERY',
  routeName: 'R1',
  locationId: 'CHI_0001',
  locationName: 'Willis',
  type: 'FRIDGE',
  scannedAt: null,
  stockedAt: null,
  stockedActionId: null,
  accountTier: 'Gold',
  onlineDate: '2024-01-02',
  safetyHold: 'No',
  vendingState: null,
  vendingStateLabel: null,
  status: 'NOT_STARTED',
  statusLabel: 'NOT_STARTED',
  driver: null,
  driverEmail: null,
  assignedDriver: null,
  assignedDriverEmail: null,
  notAssignee: false,
  lastActionAt: null,
  ...over,
});

/** A route with its stops (null: the answer left its rows out). */
export const liveRoute = (route: string, stops: DashboardStop[] | null, over: Partial<DashboardRoute> = {}) =>
  ({
    route,
    market: 'MW',
    total: stops?.length ?? 1,
    done: 0,
    lastActionAt: null,
    rowsDigest: stops ? `d-${JSON.stringify(stops).length}` : null,
    unchanged: false,
    stops,
    ...over,
  }) as DashboardRoute;

/** An answer of the dashboard with these routes and open items. */
export function liveBoard(
  routes: DashboardRoute[],
  open: ReturnType<typeof attentionItem>[] = [],
  over: Partial<StockingDashboard> = {},
): StockingDashboard {
  return {
    dropOffDate: '2026-07-01',
    windowStart: '2026-06-30T23:00:00Z',
    windowEnd: '2026-07-01T23:00:00Z',
    asOf: '2026-07-01T16:00:00Z',
    routeNames: routes.map((r) => r.route),
    routes,
    summary: { total: 0, counts: [] },
    attention: {
      open,
      resolved: [],
      counts: [],
      digest: `p-${open.map((i) => JSON.stringify(i)).join('|').length}`,
      unchanged: false,
      whole: true,
    },
    parts: { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' },
    ...over,
  } as StockingDashboard;
}

/** A change of the day (an action at stop 1 of R1 by default). */
export const liveChange = (over: Partial<StockingChange> = {}): StockingChange => ({
  dropOffDate: '2026-07-01',
  route: 'R1',
  locationId: 'CHI_0001',
  stockingIndex: 1,
  kind: 'ACTION',
  changedAt: '2026-07-01T16:00:05Z',
  ...over,
});

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { DashboardRoute, StockingDashboard } from '../lib/dashboard-types';
import { MAX_ROUTES, type DashboardQuery } from '../lib/filters';

const STOCKING_DASHBOARD_ROWS = gql(`query StockingDashboardRows($filter: StockingDashboardFilter!, $rowsUpTo: Int) {
  stockingDashboard(filter: $filter, rowsUpTo: $rowsUpTo) {
    routes { route rowsDigest stops { ...DashboardStopFields } }
  }
}`);

/** The most rows the server answers at once (`MAX_ROWS_PER_ANSWER`, ~2.3 MB): a long day's later parts ask for it. */
export const ROWS_PER_PART = 4000;

/** Routes of a partial answer that came without their rows, at most as many as one request may name. */
export const routesLeftOut = (board: StockingDashboard) =>
  board.routes
    .filter((r) => r.stops === null)
    .map((r) => r.route)
    .slice(0, MAX_ROUTES);

/**
 * The rows of these routes of the searched day, as many as one answer carries (routes whole, in order): only the
 * routes' rows are selected, since the first answer has the cards, the Summary and the panel.
 */
export async function getDashboardRows(query: DashboardQuery, routes: string[]) {
  const filter = { ...query, routes };
  const answer = await graphql(STOCKING_DASHBOARD_ROWS, { filter, rowsUpTo: ROWS_PER_PART });
  return answer.stockingDashboard.routes.filter((r) => r.stops !== null);
}

type RowsPart = Awaited<ReturnType<typeof getDashboardRows>>;

/** `board` with the rows that `part` carries in place of those it left out; the routes it had rows for stay. */
export function withRows(board: StockingDashboard, part: RowsPart): StockingDashboard {
  const rows = new Map(part.map((r) => [r.route, r] as const));
  const routes = board.routes.map((r): DashboardRoute => {
    const got = r.stops === null ? rows.get(r.route) : undefined;
    return got ? { ...r, stops: got.stops, rowsDigest: got.rowsDigest } : r;
  });
  return { ...board, routes };
}

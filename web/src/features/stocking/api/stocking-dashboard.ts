import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { DashboardQuery } from '../lib/filters';

const STOCKING_DASHBOARD = gql(`query StockingDashboard($filter: StockingDashboardFilter!) {
  stockingDashboard(filter: $filter) {
    dropOffDate windowStart windowEnd asOf routeNames
    routes {
      route market total done lastActionAt
      stops {
        stop stockingIndex stopType routeName locationId locationName type scannedAt stockedAt accountTier
        onlineDate safetyHold vendingState vendingStateLabel status statusLabel driver lastActionAt
      }
    }
    summary { total counts { status label count } }
    parts { slips actions health locations }
  }
}`);

export type StockingDashboard = Awaited<ReturnType<typeof getStockingDashboard>>;
export type DashboardRoute = StockingDashboard['routes'][number];
export type DashboardStop = DashboardRoute['stops'][number];
export type DashboardParts = StockingDashboard['parts'];

/** The dashboard of a drop-off date in one call: route stops, the day's driver actions, health and locations. */
export async function getStockingDashboard(query: DashboardQuery) {
  const filter = { ...query, routes: query.routes.length ? query.routes : null };
  return (await graphql(STOCKING_DASHBOARD, { filter })).stockingDashboard;
}

export const stockingDashboardKey = (query: DashboardQuery) => ['stocking', 'dashboard', query] as const;

/**
 * The dashboard of the searched filters (none yet: nothing is read). A refresh keeps the
 * last answer on screen, so the cards, their scroll and their expanded state stay put.
 */
export function useStockingDashboard(query: DashboardQuery | null) {
  return useQuery({
    queryKey: stockingDashboardKey(query ?? { dropOffDate: '', region: 'ALL', market: 'ALL', routes: [] }),
    queryFn: () => getStockingDashboard(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // The page refreshes on its own clock (REFRESH_MS, at most MAX_REFRESHES), not on focus.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: 1,
  });
}

import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { byTextNumeric } from '@/lib/collate';

const DASHBOARD_ROUTE_OPTIONS = gql(`query DashboardRouteOptions($stockingDate: String!) {
  locationRoutes(stockingDate: $stockingDate) { routes { route market } }
}`);

export interface RouteOption {
  route: string;
  market: string;
}

/** The routes of a stocking date with their market (`locationRoutes` by stockingDate, 2-fleet §7), one per route. */
export async function getRouteOptions(stockingDate: string): Promise<RouteOption[]> {
  const stops = (await graphql(DASHBOARD_ROUTE_OPTIONS, { stockingDate })).locationRoutes.routes;
  const byRoute = new Map<string, RouteOption>();
  for (const s of stops) if (!byRoute.has(s.route)) byRoute.set(s.route, { route: s.route, market: s.market });
  return [...byRoute.values()].sort((a, b) => byTextNumeric(a.route, b.route));
}

/** The Routes multi-select's options for a date; off when the user may not read route stops. */
export function useRouteOptions(stockingDate: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['stocking', 'route-options', stockingDate],
    queryFn: () => getRouteOptions(stockingDate!),
    enabled: enabled && !!stockingDate,
    staleTime: 5 * 60_000,
  });
}

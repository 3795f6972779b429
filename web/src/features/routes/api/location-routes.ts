import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const LOCATION_ROUTES = gql(`query LocationRoutes($stockingDate: String!, $calculateTotes: Boolean) {
  locationRoutes(stockingDate: $stockingDate, calculateTotes: $calculateTotes) {
    routes { route stop market id stockingDate stopType stockingIndex toteCountPerStop toteCountPerRoute }
  }
}`);

export type RouteStop = Awaited<ReturnType<typeof getLocationRoutes>>[number];

/** Every stop of a date (YYYY-MM-DD) with tote counts, by route and stop. */
export async function getLocationRoutes(stockingDate: string) {
  return (await graphql(LOCATION_ROUTES, { stockingDate, calculateTotes: true })).locationRoutes.routes;
}

export function useLocationRoutes(stockingDate: string | undefined) {
  return useQuery({
    queryKey: ['routes', 'by-date', stockingDate],
    queryFn: () => getLocationRoutes(stockingDate!),
    enabled: !!stockingDate,
  });
}

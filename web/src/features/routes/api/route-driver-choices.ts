import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const ROUTE_DRIVER_CHOICES = gql(`query RouteDriverChoices {
  routeDriverChoices { sub email name }
}`);

export type RouteDriverChoice = Awaited<ReturnType<typeof getRouteDriverChoices>>[number];

export const routeDriverChoicesKey = ['routes', 'driver-choices'] as const;

/**
 * The users who may drive a route (they hold FridgeTasks and VanTasks, issue 59), by name; a user
 * without a name in the user pool has a null name.
 */
export async function getRouteDriverChoices() {
  return (await graphql(ROUTE_DRIVER_CHOICES)).routeDriverChoices;
}

/**
 * The driver e-mail field's suggestions; off for a user who may not assign (the server would refuse).
 * The same for every date, and a grant is rare: read once a few minutes, not per date.
 */
export function useRouteDriverChoices(enabled: boolean) {
  return useQuery({
    queryKey: routeDriverChoicesKey,
    queryFn: getRouteDriverChoices,
    enabled,
    staleTime: 5 * 60_000,
  });
}

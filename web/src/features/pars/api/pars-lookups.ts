import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { lookAheadDates } from '../lib/par-groups';
import { opsLocationIds } from './ops-location-ids';
import { ordersByDay } from './orders-by-day';

/**
 * The ops locations (id and type): the pars view's location list, and the first of the pars upload's load steps.
 * One cached copy serves both screens.
 */
export const opsLocationsQuery = queryOptions({
  queryKey: ['pars', 'opsLocations'],
  queryFn: () => opsLocationIds(),
});

/** Every order count's key starts here: an upload that adds orders invalidates them all at once. */
export const orderCountsKey = ['pars', 'orderCounts'] as const;

/**
 * The pars upload's 16 load steps, each a count (3-planning §2): the ops-location lookup (through the pars view's
 * cached copy), then the fridge orders of today and each of the next 14 days.
 */
export function parsUploadSteps(client: QueryClient, now = new Date()) {
  return [
    queryOptions({
      queryKey: ['pars', 'opsLocationCount'],
      queryFn: async () => (await client.fetchQuery(opsLocationsQuery)).length,
    }),
    ...lookAheadDates(now).map((date) =>
      queryOptions({
        queryKey: [...orderCountsKey, date],
        queryFn: async () => (await ordersByDay(date)).length,
      }),
    ),
  ];
}

/**
 * The pars view's locations, asked for while the page loads (issue 63): beside the user's access, not after the
 * screen's guard has read it and the screen has mounted.
 */
export function preloadParsView(client: QueryClient): void {
  void client.prefetchQuery(opsLocationsQuery);
}

/** The pars upload's load steps, asked for while the page loads (issue 63), as the pars view's are. */
export function preloadParsUpload(client: QueryClient): void {
  for (const step of parsUploadSteps(client)) void client.prefetchQuery(step);
}

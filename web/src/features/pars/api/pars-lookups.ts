import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { LOOK_AHEAD_DAYS, lookAheadDates } from '../lib/par-groups';
import { fridgeOrderCounts } from './fridge-order-counts';
import {
  keepOpsLocations,
  OPS_LOCATIONS_KEY,
  readKeptOpsLocations,
  type KeptOpsLocations,
} from '@/lib/locations/kept-ops-locations';
import { opsLocationIds } from './ops-location-ids';

/**
 * How long the pars view trusts the kept ops locations before it reads them again, in the background: a minute, as
 * a read is the snapshot's two requests (every new location is in it as soon as it is created).
 */
export const OPS_LOCATIONS_FRESH_MS = 60_000;

/**
 * The ops locations (id and type): the pars view's location list, and the first of the pars upload's load steps.
 * One cached copy serves both screens, kept in browser storage for the business day (the spec's ops locations
 * cache is per calendar day): a page load that day starts from it, with no page of the fleet's locations read
 * first. The pars view reads them again in the background once the copy is a minute old, so a location added
 * since shows up; the upload's step only needs the lookup done.
 */
export function opsLocationsQuery() {
  const [today] = lookAheadDates();
  // Read from storage only when the query is first made (a screen renders this often; the copy is large).
  let kept: KeptOpsLocations | null | undefined;
  const keptCopy = () => (kept === undefined ? (kept = readKeptOpsLocations(today)) : kept);
  return queryOptions({
    queryKey: [...OPS_LOCATIONS_KEY, today],
    queryFn: async () => {
      const locations = await opsLocationIds();
      keepOpsLocations(today, locations);
      return locations;
    },
    initialData: () => keptCopy()?.locations,
    initialDataUpdatedAt: () => keptCopy()?.keptAt,
    staleTime: OPS_LOCATIONS_FRESH_MS,
  });
}

/** Every order count's key starts here: an upload that adds orders invalidates them all at once. */
export const orderCountsKey = ['pars', 'orderCounts'] as const;

/**
 * The pars upload's 16 load steps (3-planning §2): the ops-location lookup (through the pars view's cached copy),
 * then the fridge orders of today and each of the next 14 days, counted by the server in one call
 * (`fridgeOrderCounts`). Each lookup comes with the steps it completes, for the progress bar.
 */
export function parsUploadLookups(client: QueryClient, now = new Date()) {
  const dates = lookAheadDates(now);
  return [
    {
      steps: 1,
      query: queryOptions({
        queryKey: ['pars', 'opsLocationCount'],
        queryFn: async () => (await client.ensureQueryData(opsLocationsQuery())).length,
      }),
    },
    {
      steps: LOOK_AHEAD_DAYS,
      query: queryOptions({
        queryKey: [...orderCountsKey, dates[0]],
        queryFn: async () => (await fridgeOrderCounts(dates)).reduce((sum, day) => sum + day.count, 0),
      }),
    },
  ];
}

/**
 * The pars view's locations, asked for while the page loads (issue 63): beside the user's access, not after the
 * screen's guard has read it and the screen has mounted.
 */
export function preloadParsView(client: QueryClient): void {
  void client.prefetchQuery(opsLocationsQuery());
}

/** The pars upload's load steps, asked for while the page loads (issue 63), as the pars view's are. */
export function preloadParsUpload(client: QueryClient): void {
  for (const { query } of parsUploadLookups(client)) void client.prefetchQuery(query);
}

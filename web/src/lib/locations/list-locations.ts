import { queryOptions } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { fetchAllPages } from '@/lib/fetch-all';
import { gql } from '@/generated/gql';
import type { LocationSummary } from './types';
import { LOCATIONS_PAGE_SIZE } from './constants';

const LIST_LOCATIONS = gql(`query ListLocations($filter: LocationsFilter, $nextToken: String) {
  locations(filter: $filter, nextToken: $nextToken) { items { id type prettyName route stop status prod } nextToken }
}`);

export interface LocationsPage {
  items: LocationSummary[];
  nextToken: string | null;
}

export interface ListFilter {
  status?: string;
  count?: number;
}

/** One page of locations. */
export async function listLocationsPage(filter: ListFilter = {}, nextToken?: string | null): Promise<LocationsPage> {
  const data = await graphql(LIST_LOCATIONS, {
    filter: { count: LOCATIONS_PAGE_SIZE, ...filter },
    nextToken: nextToken ?? null,
  });
  return { items: data.locations.items ?? [], nextToken: data.locations.nextToken ?? null };
}

/**
 * The first page of a screen that shows the pages as they arrive: a screenful of rows, read in a fraction of a full
 * page's time, so the first rows need not wait for 2,500 (issue 63). The pages after it are full.
 */
export const FIRST_PAGE_SIZE = 100;

/**
 * The short first page of the whole list (no filter), kept for a few seconds: a route preloads it beside the
 * user's access check (issue 63) and the screen's full read starts from it instead of asking again.
 */
export const firstLocationsPageQuery = queryOptions({
  queryKey: ['locations', 'firstPage'],
  queryFn: () => listLocationsPage({ count: FIRST_PAGE_SIZE }),
  staleTime: 5_000,
});

/**
 * Every page of locations (full refresh). `onPage` sees the running total while pages follow; with it, the first
 * page is a short one (FIRST_PAGE_SIZE), read by `firstPage` when given (the preloaded one of the whole list).
 */
export function listAllLocations(
  filter: ListFilter = {},
  onPage?: (soFar: LocationSummary[]) => void,
  firstPage?: () => Promise<LocationsPage>,
): Promise<LocationSummary[]> {
  const first = { ...filter, count: Math.min(FIRST_PAGE_SIZE, filter.count ?? LOCATIONS_PAGE_SIZE) };
  return fetchAllPages((token) => {
    if (!onPage || token !== null) return listLocationsPage(filter, token);
    return firstPage ? firstPage() : listLocationsPage(first, token);
  }, onPage);
}

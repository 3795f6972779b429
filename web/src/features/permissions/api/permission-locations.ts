import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { allows, preloadIfAllowed } from '@/lib/access';
import { LOCATIONS_PAGE_SIZE } from '@/lib/locations/constants';
import { listAllLocations } from '@/lib/locations/list-locations';

/** The permissions page's listing of locations (3-planning §2): every location, read with the list's own call. */
export const permissionLocationsQuery = queryOptions({
  queryKey: ['users', 'permissions', 'locations'],
  queryFn: () => listAllLocations({ count: LOCATIONS_PAGE_SIZE }),
  staleTime: 5 * 60_000,
});

/**
 * The listing, asked for while the page loads (issue 63) once the access read already in flight says the user may
 * list locations: it used to start only after the users had loaded and the listing mounted.
 */
export function prefetchPermissionLocations(client: QueryClient): void {
  preloadIfAllowed(
    client,
    (actions) => allows(actions, 'locations'),
    () => void client.prefetchQuery(permissionLocationsQuery),
  );
}

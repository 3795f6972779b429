import type { QueryClient } from '@tanstack/react-query';
import { permissionsQuery } from './get-permissions';
import { prefetchPermissionLocations } from './permission-locations';

/**
 * The users and their actions, and the listing of locations, asked for while the page loads (issue 63): beside the user's access, not after
 * the screen's guard has read it and the screen has mounted.
 */
export function preloadPermissions(client: QueryClient): void {
  void client.prefetchQuery(permissionsQuery);
  prefetchPermissionLocations(client);
}

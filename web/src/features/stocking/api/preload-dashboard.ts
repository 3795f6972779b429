import type { QueryClient } from '@tanstack/react-query';
import { readPref } from '@/lib/browser-storage';
import type { CurrentUser } from '@/lib/auth/useCurrentUser';
import { EMPTY_FILTERS, FILTERS_PREF, readStoredFilters, toQuery } from '../lib/filters';
import { dashboardQuery } from './stocking-dashboard';

/**
 * A returning operator's dashboard, asked for while the page loads (issue 42): their remembered search
 * (2-fleet §2.4) goes straight to its results, so its answer need not wait for the screen's module
 * and the user's access. Nothing for a user who has not searched yet: they see the form.
 */
export function preloadStockingDashboard(client: QueryClient, user: CurrentUser): void {
  const stored = readStoredFilters(readPref(user.sub, FILTERS_PREF, EMPTY_FILTERS));
  if (stored.searched) void client.prefetchQuery(dashboardQuery(client, toQuery(stored)));
}

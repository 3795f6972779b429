import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import type { CurrentUser } from '@/lib/auth/useCurrentUser';
import { preloadIfAllowed } from '@/lib/access';
import { locationQuery } from '@/lib/locations/get-location';
import { prefetchNameLists } from '@/lib/locations/get-name-lists';
import { lastSegmentId } from '@/lib/path-id';
import { locationScheduleQuery, upcomingScheduleChangesQuery, UPCOMING_DAYS } from './location-schedule';
import { mayEditLocation } from '../lib/edit-calls';
import { locationHistoryQuery } from './location-history';
import { scheduleChangesQuery } from './read-schedule-change';

/** The fridge a detail or schedule path names: its last segment (§2.1), as the pages and their preloads read it. */
export function pageIdOf(params: Params): string {
  return lastSegmentId(params.id ?? params['*']);
}

/**
 * A fridge's detail page's first data, asked for while the page loads (issue 63): beside the user's access, not
 * after the screen's guard has read it and the page has mounted. The id is the path's last segment (§2.1). The
 * history needs the location's own action; the edit fields' name lists are asked for once the access (on its way
 * already) says the user may edit, as the page itself would.
 */
export function preloadLocationDetail(client: QueryClient, _user: CurrentUser, params: Params): void {
  const id = pageIdOf(params);
  if (!id) return;
  void client.prefetchQuery(locationQuery(id));
  void client.prefetchQuery(scheduleChangesQuery(id));
  void client.prefetchInfiniteQuery(locationHistoryQuery(id));
  preloadIfAllowed(client, mayEditLocation, () => prefetchNameLists(client));
}

/** The schedule page's first data, as the detail page's: the fleet's upcoming changes, and the fridge's when named. */
export function preloadLocationSchedule(client: QueryClient, _user: CurrentUser, params: Params): void {
  void client.prefetchQuery(upcomingScheduleChangesQuery(UPCOMING_DAYS));
  const id = pageIdOf(params);
  if (!id) return;
  void client.prefetchQuery(locationQuery(id));
  void client.prefetchQuery(locationScheduleQuery(id));
}

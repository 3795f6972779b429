import type { QueryClient } from '@tanstack/react-query';
import { accessQuery } from './useAccess';

/**
 * Starts `preload` once the user's access (one cached read, already on its way when a page loads) says `may`: a
 * screen's data that only some users may read, asked for while the page loads rather than after its guard has read
 * the access and the screen has mounted. A failed access read starts nothing: the page itself reports it.
 */
export function preloadIfAllowed(
  client: QueryClient,
  may: (actions: readonly string[]) => boolean,
  preload: () => void,
): void {
  client.fetchQuery(accessQuery).then(
    (access) => {
      if (may(access.actions)) preload();
    },
    () => undefined,
  );
}

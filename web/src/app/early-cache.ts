import type { QueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { accessQuery } from '@/lib/access';
import { currentUserQueryKey, getCurrentUser } from '@/lib/auth/useCurrentUser';
import { createQueryClient } from './query-client';
import { preloadScreen } from './router';

/**
 * The query cache of the signed-in app, made by whichever comes first: the page load's preload or the app's
 * mount (an import's promises need not settle in the order they were asked for). Without it a returning user's
 * first screen waited for the app's first render to ask for the user's access, then for the screen's module to
 * ask for its data: two round trips one after the other (issue 42).
 */
let current: QueryClient | null = null;

/**
 * A returning user's first screen, ahead of the first render: its module at once, then, once the stored
 * session reads, the user, their access and the screen's own first data (router.tsx `page`).
 */
export function preloadFirstScreen(pathname: string): void {
  preloadScreen(pathname);
  void fillAhead((current ??= createQueryClient()), pathname);
}

async function fillAhead(client: QueryClient, pathname: string): Promise<void> {
  const user = await getCurrentUser().catch(() => null);
  if (!user?.sub) return; // nobody signed in: the sign-in form comes first
  client.setQueryData(currentUserQueryKey, user);
  void client.prefetchQuery(accessQuery);
  preloadScreen(pathname, { client, user });
}

/** The query cache the signed-in app mounts with: the one the preload fills (made now if it has not started). */
export function signedInQueryClient(): QueryClient {
  return (current ??= createQueryClient());
}

// A sign-in or sign-out: the next session starts with a new, empty cache (the mounted app clears its own too).
Hub.listen('auth', ({ payload }) => {
  if (payload.event === 'signedIn' || payload.event === 'signedOut') current = null;
});

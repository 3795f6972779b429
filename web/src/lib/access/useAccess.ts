import { useQuery } from '@tanstack/react-query';
import { actionWords } from './action-words';
import { actionsFor, allows, type Call } from './calls';
import { getMyAccess } from './get-my-access';
import { screenNeeds } from './screens';

// Also here for the screens and tests that import them from useAccess.ts.
export { actionsFor, type Call } from './calls';

export const accessQueryKey = ['access'] as const;

/** The user's access as every screen reads it (and as a page load asks for it ahead, app/early-cache.ts). */
export const accessQuery = { queryKey: accessQueryKey, queryFn: () => getMyAccess(), staleTime: 60_000 } as const;

/** Where permissions are granted: a refusal points there only for a user who may open it. */
export const PERMISSIONS_SCREEN = '/users/permissions';

/**
 * Why a user may not make `call`, in words (never the server's action ids), and who grants it: the
 * Permissions screen for a user who may open it (`canGrant`), an administrator otherwise.
 */
export function refusalReason(call: Call | string, canGrant: boolean): string {
  const grant = canGrant
    ? 'An administrator can grant it on the Permissions screen.'
    : 'Ask an administrator to grant it.';
  return `You need permission to ${actionWords(actionsFor(call) ?? [])}. ${grant}`;
}

/**
 * What the signed-in user may do: loaded once at sign-in, cached, and
 * refetched when the window regains focus so that a new grant reaches an open
 * session. The server still decides each call; this only shapes the screens.
 */
export function useAccess() {
  const query = useQuery({ ...accessQuery, refetchOnWindowFocus: 'always' });
  const actions = query.data?.actions ?? [];
  /** Whether the user may make `call`. Unknown while loading: answered false then. */
  const canCall = (call: Call | string) => allows(actions, call);
  /**
   * Whether the user may open the screen at `path` (see SCREEN_NEEDS). False
   * while loading, so the navigation and home page never offer a screen they
   * then take away; true if the access failed, so nobody is locked out of what
   * the server would allow.
   */
  const canOpen = (path: string) => {
    const needs = screenNeeds(path);
    if (!needs || query.isError) return true;
    return !query.isLoading && canCall(needs.call);
  };
  return {
    isLoading: query.isLoading,
    isError: query.isError,
    actions,
    flags: query.data?.flags ?? [],
    canCall,
    canOpen,
  };
}

/** Why a control for `call` is unavailable, for its tooltip; undefined when the user may use it. */
export function useRefusal(call: Call | string): string | undefined {
  const { canCall, canOpen, isLoading, isError } = useAccess();
  // Unknown access (loading or failed) refuses nothing: the server decides.
  if (isLoading || isError || canCall(call)) return undefined;
  return refusalReason(call, canOpen(PERMISSIONS_SCREEN));
}

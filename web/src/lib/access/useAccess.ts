import { useQuery } from '@tanstack/react-query';
import rules from '@/generated/rules.json';
import { getMyAccess } from './get-my-access';
import { screenNeeds } from './screens';

/**
 * The permission action each call needs, from the server's registry (rules.json
 * `actions`): a GraphQL field by name, a REST route as `METHOD /path`.
 */
const CALL_ACTIONS: Record<string, string> = rules.actions;

export type Call = keyof typeof rules.actions;

export const accessQueryKey = ['access'] as const;

/** The user's access as every screen reads it (and as a page load asks for it ahead, app/early-cache.ts). */
export const accessQuery = { queryKey: accessQueryKey, queryFn: () => getMyAccess(), staleTime: 60_000 } as const;

/** The action a call needs; undefined for calls any signed-in user may make. */
export function actionFor(call: Call | string): string | undefined {
  return CALL_ACTIONS[call];
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
  const canCall = (call: Call | string) => {
    const action = actionFor(call);
    return action === undefined || actions.includes(action);
  };
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
  const { canCall, isLoading, isError } = useAccess();
  // Unknown access (loading or failed) refuses nothing: the server decides.
  if (isLoading || isError || canCall(call)) return undefined;
  return `You need the ${actionFor(call)} permission. An administrator can grant it on the Permissions screen.`;
}

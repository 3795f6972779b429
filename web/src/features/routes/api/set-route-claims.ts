import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { SetRouteClaimsInput } from '@/generated/gql/graphql';
import { routeSettingsKey, type RouteSettings } from './route-settings';

const SET_ROUTE_CLAIMS = gql(`mutation SetRouteClaims($input: SetRouteClaimsInput!) {
  setRouteClaims(input: $input) { claimsAllowed version changedBy changedAt }
}`);

/**
 * Turns drivers' claims of routes without a driver on or off (needs AssignRoutes). The input is the
 * kept request (`ClaimsRequests`): a retry sends it again unchanged, so a change that landed while its
 * answer was lost is answered, not refused as stale (409 when someone else changed it since).
 */
export async function setRouteClaims(input: SetRouteClaimsInput) {
  return (await graphql(SET_ROUTE_CLAIMS, { input })).setRouteClaims;
}

/** The change, then the setting read again (whatever the outcome: a refusal means it changed meanwhile). */
export function useSetRouteClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRouteClaims,
    // The answer is the setting now: shown at once, before it is read again.
    onSuccess: (saved) => queryClient.setQueryData<RouteSettings>(routeSettingsKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeSettingsKey }),
  });
}

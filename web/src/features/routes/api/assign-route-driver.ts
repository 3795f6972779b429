import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { AssignRouteDriverInput } from '@/generated/gql/graphql';
import { routeAssignmentsKey, type RouteAssignment } from './route-assignments';
import { routeDriverHistoryKey } from './route-driver-history';

const ASSIGN_ROUTE_DRIVER = gql(`mutation AssignRouteDriver($input: AssignRouteDriverInput!) {
  assignRouteDriver(input: $input) {
    stockingDate route driverEmail driverSub assignedBy assignedAt source version
  }
}`);

/**
 * Sets, changes or clears (empty e-mail) one route's driver on a date. The input is the route's
 * kept request (`DriverRequests`): a retry sends it again unchanged, so a change that landed
 * while its answer was lost is answered, not refused as stale. Null when the route was cleared.
 */
export async function assignRouteDriver(input: AssignRouteDriverInput) {
  return (await graphql(ASSIGN_ROUTE_DRIVER, { input })).assignRouteDriver ?? null;
}

/** The change, then the day's drivers and the route's history read again (whatever the outcome). */
export function useAssignRouteDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignRouteDriver,
    onSuccess: (saved, input) => {
      // The answer is the route's driver now: shown at once, before the day is read again.
      queryClient.setQueryData<RouteAssignment[]>(routeAssignmentsKey(input.stockingDate), (day) =>
        day ? [...day.filter((a) => a.route !== input.route), ...(saved ? [saved] : [])] : day,
      );
    },
    // A refusal as stale, or an answer lost, leaves the shown driver unsure: read it again either way.
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: routeAssignmentsKey(input.stockingDate) }),
        queryClient.invalidateQueries({ queryKey: routeDriverHistoryKey(input.stockingDate, input.route) }),
      ]),
  });
}

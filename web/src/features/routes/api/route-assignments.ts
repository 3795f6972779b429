import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const ROUTE_ASSIGNMENTS = gql(`query RouteAssignments($stockingDate: String!) {
  routeAssignments(stockingDate: $stockingDate) {
    stockingDate route driverEmail driverSub assignedBy assignedAt source version
  }
}`);

export type RouteAssignment = Awaited<ReturnType<typeof getRouteAssignments>>[number];

export const routeAssignmentsKey = (stockingDate: string | undefined) =>
  ['routes', 'assignments', stockingDate] as const;

/** Who drives which route on a date (YYYY-MM-DD); a route without a driver is not listed (issue 38). */
export async function getRouteAssignments(stockingDate: string) {
  return (await graphql(ROUTE_ASSIGNMENTS, { stockingDate })).routeAssignments;
}

export function useRouteAssignments(stockingDate: string | undefined) {
  return useQuery({
    queryKey: routeAssignmentsKey(stockingDate),
    queryFn: () => getRouteAssignments(stockingDate!),
    enabled: !!stockingDate,
  });
}

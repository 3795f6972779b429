import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const ROUTE_SETTINGS = gql(`query RouteSettings {
  routeSettings { claimsAllowed version changedBy changedAt }
}`);

export type RouteSettings = Awaited<ReturnType<typeof getRouteSettings>>;

export const routeSettingsKey = ['routes', 'settings'] as const;

/**
 * The office's settings of route assignments (issue 59): whether drivers may claim routes without a
 * driver, the version a change must name (0 until first changed), and who changed it last and when.
 */
export async function getRouteSettings() {
  return (await graphql(ROUTE_SETTINGS)).routeSettings;
}

export function useRouteSettings() {
  return useQuery({ queryKey: routeSettingsKey, queryFn: getRouteSettings });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const TEMPERATURES = gql(`query FridgeTemperatures($location: ID!, $hours: Int) {
  fridgeTemperatures(location: $location, hours: $hours) { timestamp temperature }
}`);

/** Hours of samples the chart shows. */
export const TEMPERATURE_HOURS = 24;

export type TemperatureSample = Awaited<ReturnType<typeof fridgeTemperatures>>[number];

/** A fridge's temperature samples of the last `hours`, oldest first. */
export async function fridgeTemperatures(location: string, hours = TEMPERATURE_HOURS) {
  return (await graphql(TEMPERATURES, { location, hours })).fridgeTemperatures;
}

/** The chart's query, also asked for ahead of the page's render (preload-fridge-health.ts). */
export function fridgeTemperaturesQuery(location: string) {
  return queryOptions({
    queryKey: ['health', 'temperatures', location],
    queryFn: () => fridgeTemperatures(location),
    // The samples the page load asked for are not asked for again as the page mounts.
    staleTime: 5_000,
  });
}

export function useFridgeTemperatures(location: string) {
  return useQuery({ ...fridgeTemperaturesQuery(location), enabled: location !== '', refetchInterval: 5 * 60_000 });
}

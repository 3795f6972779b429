import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useAccess } from '@/lib/access';
import { isForbidden } from '@/lib/api';
import { preloadLocationsList } from '@/lib/locations/use-locations-list';
import { getAvailableFridgeArtifacts } from './get-available-fridge-artifacts';
import { getFridgeArtifacts } from './get-fridge-artifacts';
import { getFridgeSoftwarePilots } from './get-fridge-software-pilots';

export const softwareKeys = {
  all: ['software'] as const,
  artifacts: ['software', 'artifacts'] as const,
  available: ['software', 'available'] as const,
  pilots: ['software', 'pilots'] as const,
};

/** The screen's three reads, as its hook and the route's preload ask for them. */
const softwareQueries = {
  artifacts: queryOptions({ queryKey: softwareKeys.artifacts, queryFn: getFridgeArtifacts }),
  available: queryOptions({
    queryKey: softwareKeys.available,
    queryFn: getAvailableFridgeArtifacts,
    staleTime: 5 * 60_000,
  }),
  pilots: queryOptions({ queryKey: softwareKeys.pilots, queryFn: () => getFridgeSoftwarePilots(true) }),
};

/**
 * The screen's reads, asked for while the page loads (issue 63): beside the user's access, not after the screen's
 * guard has read it and the screen has mounted. A part the user may not read is refused by the server, which the
 * hook counts as refused.
 */
export function preloadSoftwareData(client: QueryClient): void {
  void client.prefetchQuery(softwareQueries.artifacts);
  void client.prefetchQuery(softwareQueries.available);
  void client.prefetchQuery(softwareQueries.pilots);
}

/** The fridge software screen's first data (issue 63): its reads and the fleet's first page. */
export function preloadFridgeSoftware(client: QueryClient): void {
  preloadSoftwareData(client);
  preloadLocationsList(client);
}

/**
 * What the fridges run, the builds on offer and the active pilots, loaded in
 * parallel. A part whose call the user may not make is not asked for: its
 * `refused` is true, and the screen leaves it out instead of reporting an
 * error. An answer the server refuses all the same counts as refused too.
 */
export function useSoftwareData() {
  const access = useAccess();
  // While the access loads nothing is asked; if it cannot be loaded, the server decides.
  const may = (call: string) => !access.isLoading && (access.isError || access.canCall(call));
  const refused = (call: string, error: unknown) => (!access.isLoading && !may(call)) || isForbidden(error);
  const artifacts = useQuery({ ...softwareQueries.artifacts, enabled: may('getFridgeArtifacts') });
  const available = useQuery({ ...softwareQueries.available, enabled: may('getAvailableFridgeArtifacts') });
  const pilots = useQuery({ ...softwareQueries.pilots, enabled: may('getFridgeSoftwarePilots') });
  return {
    artifacts,
    available,
    pilots,
    refused: {
      artifacts: refused('getFridgeArtifacts', artifacts.error),
      available: refused('getAvailableFridgeArtifacts', available.error),
      pilots: refused('getFridgeSoftwarePilots', pilots.error),
      locations: !access.isLoading && !may('locations'),
    },
  };
}

import { useQuery } from '@tanstack/react-query';
import { useAccess } from '@/lib/access';
import { isForbidden } from '@/lib/api';
import { getAvailableFridgeArtifacts } from './get-available-fridge-artifacts';
import { getFridgeArtifacts } from './get-fridge-artifacts';
import { getFridgeSoftwarePilots } from './get-fridge-software-pilots';

export const softwareKeys = {
  all: ['software'] as const,
  artifacts: ['software', 'artifacts'] as const,
  available: ['software', 'available'] as const,
  pilots: ['software', 'pilots'] as const,
};

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
  const artifacts = useQuery({
    queryKey: softwareKeys.artifacts,
    queryFn: getFridgeArtifacts,
    enabled: may('getFridgeArtifacts'),
  });
  const available = useQuery({
    queryKey: softwareKeys.available,
    queryFn: getAvailableFridgeArtifacts,
    staleTime: 5 * 60_000,
    enabled: may('getAvailableFridgeArtifacts'),
  });
  const pilots = useQuery({
    queryKey: softwareKeys.pilots,
    queryFn: () => getFridgeSoftwarePilots(true),
    enabled: may('getFridgeSoftwarePilots'),
  });
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

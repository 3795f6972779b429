import { useQuery } from '@tanstack/react-query';
import { getAvailableFridgeArtifacts } from './get-available-fridge-artifacts';
import { getFridgeArtifacts } from './get-fridge-artifacts';
import { getFridgeSoftwarePilots } from './get-fridge-software-pilots';

export const softwareKeys = {
  all: ['software'] as const,
  artifacts: ['software', 'artifacts'] as const,
  available: ['software', 'available'] as const,
  pilots: ['software', 'pilots'] as const,
};

/** What the fridges run, the builds on offer and the active pilots, loaded in parallel. */
export function useSoftwareData() {
  const artifacts = useQuery({ queryKey: softwareKeys.artifacts, queryFn: getFridgeArtifacts });
  const available = useQuery({
    queryKey: softwareKeys.available,
    queryFn: getAvailableFridgeArtifacts,
    staleTime: 5 * 60_000,
  });
  const pilots = useQuery({ queryKey: softwareKeys.pilots, queryFn: () => getFridgeSoftwarePilots(true) });
  return { artifacts, available, pilots };
}

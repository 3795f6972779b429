import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const JIT_MANAGEMENT = gql(`query JitManagement($input: JitLocationsInput!) {
  jitManagement(input: $input) {
    dropOffDate
    rows {
      stockingId region market routeId locationId stop stockingIndex jitEnabled stockedTimeUTC jitUnits lockedReason
      update { jit reason email updatedAt }
    }
  }
}`);

export type JitManagement = Awaited<ReturnType<typeof getJitManagement>>;
export type JitRow = JitManagement['rows'][number];

/** JIT Management of a drop-off date in one call (2-fleet §2.6): its route stops with their order's JIT flag. */
export async function getJitManagement(dropOffDate: string) {
  return (await graphql(JIT_MANAGEMENT, { input: { dropOffDate } })).jitManagement;
}

export const jitManagementKey = (date: string) => ['jit', 'management', date] as const;

/** The rows of the searched date (none yet: nothing is read). */
export function useJitManagement(date: string | null) {
  return useQuery({
    queryKey: jitManagementKey(date ?? ''),
    queryFn: () => getJitManagement(date!),
    enabled: date !== null,
    retry: 1,
  });
}

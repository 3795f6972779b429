import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const LOGINEXT_SYNC_JOBS = gql(`query LogiNextSyncJobs {
  logiNextSyncJobs {
    id state startDate endDate fulfillmentCenters createdAt createdBy dates datesDone datesFailed
    routesChanged stopsChanged error finishedAt
  }
}`);

export type SyncJob = Awaited<ReturnType<typeof getSyncJobs>>[number];

/** The 20 most recent syncs, newest first. */
export async function getSyncJobs() {
  return (await graphql(LOGINEXT_SYNC_JOBS, {})).logiNextSyncJobs;
}

export const syncJobsKey = ['loginext', 'jobs'] as const;

/** A job still queued or running. */
export const isUnderWay = (job: SyncJob) => job.state === 'QUEUED' || job.state === 'RUNNING';

/** The recent syncs, refreshed every 3 s while one is under way. */
export function useSyncJobs() {
  return useQuery({
    queryKey: syncJobsKey,
    queryFn: getSyncJobs,
    retry: 1,
    refetchInterval: (q) => (q.state.data?.some(isUnderWay) ? 3000 : false),
  });
}

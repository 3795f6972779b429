import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const DROP_OFF_SUMMARY = gql(`query DropOffSummary($dropOffDate: String!) {
  dropOffSummary(dropOffDate: $dropOffDate) {
    dropOffDate unconfirmed
    rows {
      extendedId locationId locationType routeId packingSlipId stockingIndex pickDate
      dropStatus statusReason createdBy locked
    }
  }
}`);

export type DropOffSummary = Awaited<ReturnType<typeof getDropOffSummary>>;
export type DropOffRow = DropOffSummary['rows'][number];

/** The Drop Off Summary of a date in one call (2-fleet §2.5): the listed slips with their recorded status. */
export async function getDropOffSummary(dropOffDate: string) {
  return (await graphql(DROP_OFF_SUMMARY, { dropOffDate })).dropOffSummary;
}

export const dropOffSummaryKey = (date: string) => ['dropoff', 'summary', date] as const;

/** The summary of the searched date (none yet: nothing is read). */
export function useDropOffSummary(date: string | null) {
  return useQuery({
    queryKey: dropOffSummaryKey(date ?? ''),
    queryFn: () => getDropOffSummary(date!),
    enabled: date !== null,
    retry: 1,
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const DROP_OVERRIDE_HISTORY =
  gql(`query DropOverrideHistory($dropOffDate: String!, $packingSlipId: ID!, $nextToken: String) {
  dropOverrideHistory(dropOffDate: $dropOffDate, packingSlipId: $packingSlipId, nextToken: $nextToken) {
    items { at who source changes { attribute oldValue newValue reason } }
    nextToken
  }
}`);

export const dropOverrideHistoryKey = (date: string, slip: string) => ['dropOverrideHistory', date, slip] as const;

/** A slip's drop-status history (overrides and reverts), newest first, a page at a time. */
export function useDropOverrideHistory(date: string, slip: string) {
  return useInfiniteQuery({
    queryKey: dropOverrideHistoryKey(date, slip),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (await graphql(DROP_OVERRIDE_HISTORY, { dropOffDate: date, packingSlipId: slip, nextToken: pageParam }))
        .dropOverrideHistory,
    getNextPageParam: (page) => page.nextToken ?? null,
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { BY_NEXT_TOKEN } from '@/lib/fetch-all';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { jsonText, type HistoryPage } from '@/lib/history';

const STOCKED_HISTORY =
  gql(`query StockedHistory($stockingDay: String!, $locationId: ID!, $stockingIndex: Int!, $nextToken: String) {
  stockedHistory(stockingDay: $stockingDay, locationId: $locationId, stockingIndex: $stockingIndex, nextToken: $nextToken) {
    items { at who source changes { attribute oldValue newValue reason } }
    nextToken
  }
}`);

export const stockedHistoryKey = (stockingDay: string, locationId: string, stockingIndex: number) =>
  ['stocking', 'stocked-history', stockingDay, locationId, stockingIndex] as const;

/** One page of a stop's stocked-record corrections (voids and re-times), newest first; values stay JSON text. */
export async function stockedHistory(
  stockingDay: string,
  locationId: string,
  stockingIndex: number,
  nextToken?: string | null,
): Promise<HistoryPage> {
  const page = (
    await graphql(STOCKED_HISTORY, { stockingDay, locationId, stockingIndex, nextToken: nextToken ?? null })
  ).stockedHistory;
  return {
    items: page.items.map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({ ...c, oldValue: jsonText(c.oldValue), newValue: jsonText(c.newValue) })),
    })),
    nextToken: page.nextToken ?? null,
  };
}

/** The history, page by page ("Load more" fetches the next one). */
export function useStockedHistory(stockingDay: string, locationId: string, stockingIndex: number) {
  return useInfiniteQuery({
    queryKey: stockedHistoryKey(stockingDay, locationId, stockingIndex),
    queryFn: ({ pageParam }) => stockedHistory(stockingDay, locationId, stockingIndex, pageParam),
    ...BY_NEXT_TOKEN,
  });
}

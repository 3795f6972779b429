import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BY_NEXT_TOKEN } from '@/lib/fetch-all';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { jsonText, type HistoryPage } from '@/lib/history';

const LOCATION_HISTORY = gql(`query LocationHistory($id: ID!, $nextToken: String) {
  locationHistory(id: $id, nextToken: $nextToken) {
    items { at who source changes { attribute oldValue newValue reason } }
    nextToken
  }
}`);

export const historyKey = (id: string) => ['locations', 'history', id] as const;

/** One page (25 records, newest first) of a location's change history; values stay JSON text. */
export async function locationHistory(id: string, nextToken?: string | null): Promise<HistoryPage> {
  const d = await graphql(LOCATION_HISTORY, { id, nextToken: nextToken ?? null });
  return {
    items: (d.locationHistory?.items ?? []).map((r) => ({
      ...r,
      changes: (r.changes ?? []).map((c) => ({ ...c, oldValue: jsonText(c.oldValue), newValue: jsonText(c.newValue) })),
    })),
    nextToken: d.locationHistory?.nextToken ?? null,
  };
}

/**
 * The history's first page, also asked for ahead of the detail page's render (preload-location-pages.ts); a copy of
 * the last few seconds is current, so the page's mount does not ask again.
 */
export function locationHistoryQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: historyKey(id),
    queryFn: ({ pageParam }) => locationHistory(id, pageParam),
    ...BY_NEXT_TOKEN,
    staleTime: 5_000,
  });
}

/** The history, page by page ("Load more" fetches the next one). */
export function useLocationHistory(id: string, options: { refetchInterval?: number | false } = {}) {
  return useInfiniteQuery({
    ...locationHistoryQuery(id),
    enabled: id !== '',
    refetchInterval: options.refetchInterval,
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { BY_NEXT_TOKEN } from '@/lib/fetch-all';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { jsonText, type HistoryPage } from '@/lib/history';

const ROUTE_DRIVER_HISTORY =
  gql(`query RouteDriverHistory($stockingDate: String!, $route: String!, $nextToken: String) {
  routeDriverHistory(stockingDate: $stockingDate, route: $route, nextToken: $nextToken) {
    items { at who source changes { attribute oldValue newValue reason } }
    nextToken
  }
}`);

export const routeDriverHistoryKey = (stockingDate: string, route: string) =>
  ['routes', 'driver-history', stockingDate, route] as const;

/** One page of a route's driver changes on a date (old -> new e-mail), newest first; values stay JSON text. */
export async function routeDriverHistory(
  stockingDate: string,
  route: string,
  nextToken?: string | null,
): Promise<HistoryPage> {
  const page = (await graphql(ROUTE_DRIVER_HISTORY, { stockingDate, route, nextToken: nextToken ?? null }))
    .routeDriverHistory;
  return {
    items: page.items.map((r) => ({
      ...r,
      changes: r.changes.map((c) => ({ ...c, oldValue: jsonText(c.oldValue), newValue: jsonText(c.newValue) })),
    })),
    nextToken: page.nextToken ?? null,
  };
}

/** The history, page by page ("Load more" fetches the next one). */
export function useRouteDriverHistory(stockingDate: string, route: string) {
  return useInfiniteQuery({
    queryKey: routeDriverHistoryKey(stockingDate, route),
    queryFn: ({ pageParam }) => routeDriverHistory(stockingDate, route, pageParam),
    ...BY_NEXT_TOKEN,
  });
}

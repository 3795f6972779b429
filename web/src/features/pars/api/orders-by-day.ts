import { graphql } from '@/lib/api';
import { fetchAllPages } from '@/lib/fetch-all';
import { gql } from '@/generated/gql';

const ORDERS_BY_DAY = gql(`query OrdersByDay($deliveryDate: String!, $nextToken: String, $count: Int) {
  ordersByDay(deliveryDate: $deliveryDate, nextToken: $nextToken, count: $count) { items { locationId dropOffDate stockingIndex } nextToken }
}`);

/** Every order dropping off on a date (pages of 1000). */
export function ordersByDay(deliveryDate: string) {
  return fetchAllPages(
    async (nextToken) => (await graphql(ORDERS_BY_DAY, { deliveryDate, nextToken, count: 1000 })).ordersByDay,
  );
}

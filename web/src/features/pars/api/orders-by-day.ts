import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const ORDERS_BY_DAY = gql(`query OrdersByDay($deliveryDate: String!, $nextToken: String, $count: Int) {
  ordersByDay(deliveryDate: $deliveryDate, nextToken: $nextToken, count: $count) { items { locationId dropOffDate stockingIndex } nextToken }
}`);

/** Every order dropping off on a date (pages of 1000). */
export async function ordersByDay(deliveryDate: string) {
  const all: { locationId: string; dropOffDate: string; stockingIndex: number }[] = [];
  let nextToken: string | null | undefined = null;
  do {
    const page: { items: typeof all; nextToken?: string | null } = (
      await graphql(ORDERS_BY_DAY, { deliveryDate, nextToken, count: 1000 })
    ).ordersByDay;
    all.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return all;
}

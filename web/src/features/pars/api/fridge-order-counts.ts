import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const FRIDGE_ORDER_COUNTS = gql(`query FridgeOrderCounts($deliveryDates: [String!]!) {
  fridgeOrderCounts(deliveryDates: $deliveryDates) { deliveryDate count }
}`);

/** How many fridge orders drop off on each date, in the order asked: counted by the server, no order sent. */
export async function fridgeOrderCounts(deliveryDates: string[]) {
  return (await graphql(FRIDGE_ORDER_COUNTS, { deliveryDates })).fridgeOrderCounts;
}

import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const FULFILLMENT_CENTERS = gql(`query FulfillmentCenters {
  fulfillmentCenters
}`);

/** The fleet's fulfillment centers, sorted, without 'Does Not Exist' (a name list: never a scan). */
export async function getFulfillmentCenters() {
  return (await graphql(FULFILLMENT_CENTERS, {})).fulfillmentCenters;
}

export function useFulfillmentCenters() {
  return useQuery({ queryKey: ['loginext', 'centers'], queryFn: getFulfillmentCenters, retry: 1 });
}

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const JIT_LOCATIONS = gql(`query JitLocations($dropOffDate: String!, $location: ID!) {
  jitLocations(dropOffDate: $dropOffDate, location: $location) { itemName count overCapacityAmount }
}`);

export async function jitLocations(dropOffDate: string, location: string) {
  return (await graphql(JIT_LOCATIONS, { dropOffDate, location })).jitLocations;
}

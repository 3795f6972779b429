import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const GET_PILOTS = gql(`query GetFridgeSoftwarePilots($onlyShowActive: Boolean) {
  getFridgeSoftwarePilots(onlyShowActive: $onlyShowActive) {
    id fridgeIds displayName stage startDate endDate description active version
  }
}`);

export type Pilot = Awaited<ReturnType<typeof getFridgeSoftwarePilots>>[number];

export async function getFridgeSoftwarePilots(onlyShowActive: boolean) {
  return (await graphql(GET_PILOTS, { onlyShowActive })).getFridgeSoftwarePilots;
}

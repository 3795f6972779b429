import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { FridgeSoftwarePilotInput } from '@/generated/gql/graphql';

const PUT_PILOT = gql(`mutation PutFridgeSoftwarePilot($input: FridgeSoftwarePilotInput!) {
  putFridgeSoftwarePilot(input: $input)
}`);

export type PilotInput = FridgeSoftwarePilotInput;

/** Saves a pilot; false or an error is a failure (spec §8). */
export async function putFridgeSoftwarePilot(input: PilotInput) {
  return (await graphql(PUT_PILOT, { input })).putFridgeSoftwarePilot;
}

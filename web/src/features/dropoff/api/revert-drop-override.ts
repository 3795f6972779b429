import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const REVERT_DROP_OVERRIDE = gql(`mutation RevertDropOverride($input: RevertDropOverrideInput!) {
  revertDropOverride(input: $input) { dropOffDate packingSlipId dropStatus revertedStatus }
}`);

/** A supervisor takes a locked row back to Pending (needs RevertDropOverride); the reason goes into the slip's history. */
export async function revertDropOverride(dropOffDate: string, packingSlipId: string, reason: string) {
  return (await graphql(REVERT_DROP_OVERRIDE, { input: { dropOffDate, packingSlipId, reason } })).revertDropOverride;
}

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { JitUpdateInput } from '@/generated/gql/graphql';

const UPDATE_JIT_LOCATION_STATUS = gql(`mutation UpdateJitLocationStatus($input: [JitUpdateInput!]!) {
  updateJITLocationStatus(input: $input) {
    stockingId message orderId jitStatusUpdate jitAllocationItemsClear error
  }
}`);

export type JitUpdateResult = Awaited<ReturnType<typeof updateJitLocationStatus>>[number];

/**
 * Turns JIT off or on for at most `MAX_UPDATES_PER_CALL` stops (2-fleet §3 JIT update input). The
 * answer has one result per input, in order; a refused row carries its reason in `error` (the call
 * itself succeeds). A whole-call refusal (no flag, a foreign e-mail) throws an ApiError.
 */
export async function updateJitLocationStatus(input: JitUpdateInput[]) {
  return (await graphql(UPDATE_JIT_LOCATION_STATUS, { input })).updateJITLocationStatus;
}

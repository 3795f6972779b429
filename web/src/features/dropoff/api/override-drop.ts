import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { CreateDriverActionInput } from '@/generated/gql/graphql';

const CREATE_DRIVER_ACTION = gql(`mutation OverrideDrop($input: CreateDriverActionInput!) {
  createDriverAction(input: $input) { id }
}`);

/**
 * Records one row's drop status as a DropOverride driver action (2-fleet §2.5). The input is
 * the row's kept request (`OverrideRequests`): a retry sends it again unchanged, requestId and
 * occurredAt included, so the server answers a retried override instead of refusing it.
 */
export async function overrideDrop(input: CreateDriverActionInput) {
  return (await graphql(CREATE_DRIVER_ACTION, { input })).createDriverAction;
}

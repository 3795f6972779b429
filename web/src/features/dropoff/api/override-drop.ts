import { graphql, awsJson } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { DropOverride } from '../lib/drop-rules';

const CREATE_DRIVER_ACTION = gql(`mutation OverrideDrop($input: CreateDriverActionInput!) {
  createDriverAction(input: $input) { id }
}`);

/**
 * Records one row's drop status as a DropOverride driver action (2-fleet §2.5). The
 * requestId is the caller's: the same id is sent again on a retry of this row, so the
 * server answers a retried override instead of recording it twice.
 */
export async function overrideDrop(override: DropOverride, requestId: string) {
  const { locationId, ...data } = override;
  return (
    await graphql(CREATE_DRIVER_ACTION, {
      input: {
        eventType: 'DropOverride',
        locationId,
        data: awsJson(data),
        requestId,
        occurredAt: new Date().toISOString(),
      },
    })
  ).createDriverAction;
}

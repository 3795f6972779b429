import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { SyncLogiNextInput } from '@/generated/gql/graphql';

const SYNC_LOGINEXT = gql(`mutation SyncLogiNextLocRoutes($input: SyncLogiNextInput!) {
  syncLogiNextLocRoutes(input: $input) { message job { id state } }
}`);

/**
 * Starts a sync (2-fleet §2.7): answers at once with the queued job; the routes are written by a
 * worker. The same `requestId` sent again (a retry) answers the first result.
 */
export async function syncLogiNext(input: SyncLogiNextInput) {
  return (await graphql(SYNC_LOGINEXT, { input })).syncLogiNextLocRoutes;
}

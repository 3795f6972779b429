import type { UploadId } from '@/lib/brands';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { ParGroup } from '../lib/par-groups';

const UPLOAD_PAR_MAPS = gql(`mutation UploadParMaps($uploadId: ID!, $groups: [ParGroupInput!]!) {
  uploadParMaps(uploadId: $uploadId, groups: $groups) { success results { key status messages } }
}`);

/** One chunk of the dry run's orders (at most `pars.chunkGroups`); per-group results. */
export async function uploadParMaps(uploadId: UploadId, groups: ParGroup[]) {
  return (await graphql(UPLOAD_PAR_MAPS, { uploadId, groups })).uploadParMaps;
}

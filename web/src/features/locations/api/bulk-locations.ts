import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/bulk/dry-run: the whole file checked against the rules and the stored locations. */
export function dryRunBulkLocations(body: UploadBody) {
  return rest('bulk_locations_dry_run', body);
}

/** POST /locations/bulk/commit: one batch of at most 100 rows, answered per row. */
export function commitBulkLocations(body: UploadBody) {
  return rest('bulk_locations_commit', body);
}

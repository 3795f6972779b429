import { rest } from '@/lib/api';
import type { CommitResult, DryRun, UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/bulk/dry-run: the whole file checked against the rules and the stored locations. */
export function dryRunBulkLocations(body: UploadBody): Promise<DryRun> {
  return rest<DryRun>('POST', '/locations/bulk/dry-run', body);
}

/** POST /locations/bulk/commit: one batch of at most 100 rows, answered per row. */
export function commitBulkLocations(body: UploadBody): Promise<{ results: CommitResult[] }> {
  return rest<{ results: CommitResult[] }>('POST', '/locations/bulk/commit', body);
}

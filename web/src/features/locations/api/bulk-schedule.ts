import { rest } from '@/lib/api';
import type { CommitResult, DryRun, UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/schedule/bulk/dry-run: each row checked as one scheduled change; current -> scheduled value. */
export const dryRunBulkSchedule = (body: UploadBody) => rest<DryRun>('POST', '/locations/schedule/bulk/dry-run', body);
/** POST /locations/schedule/bulk/commit: one batch; needs the action each change needs. */
export const commitBulkSchedule = (body: UploadBody) =>
  rest<{ results: CommitResult[] }>('POST', '/locations/schedule/bulk/commit', body);

import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/schedule/bulk/dry-run: each row checked as one scheduled change; current -> scheduled value. */
export const dryRunBulkSchedule = (body: UploadBody) => rest('bulk_schedule_dry_run', body);
/** POST /locations/schedule/bulk/commit: one batch; needs the action each change needs. */
export const commitBulkSchedule = (body: UploadBody) => rest('bulk_schedule_commit', body);

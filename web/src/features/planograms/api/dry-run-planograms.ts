import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/**
 * POST /planograms/dry-run: the whole file checked as Submit will check it,
 * against the stored layouts and changes (an unknown layout, an hour the
 * clocks skip); nothing is written.
 */
export const dryRunPlanograms = (body: UploadBody) => rest('planograms_dry_run', body);

import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /pars/dry-run: every par rule over the whole file, and the orders to send in their chunks. */
export const dryRunPars = (body: UploadBody) => rest('pars_dry_run', body);

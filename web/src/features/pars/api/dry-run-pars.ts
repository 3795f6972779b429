import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';
import type { ParsDryRun } from '../lib/par-groups';

/** POST /pars/dry-run: every par rule over the whole file, and the orders to send in their chunks. */
export const dryRunPars = (body: UploadBody) => rest<ParsDryRun>('POST', '/pars/dry-run', body);

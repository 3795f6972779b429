import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';
import type { Commit } from './types';

/** POST /locations/routes/drivers/commit: one batch, answered per row. */
export const commitDriverRoutes = (body: UploadBody) => rest<Commit>('POST', '/locations/routes/drivers/commit', body);

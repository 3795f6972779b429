import { rest } from '@/lib/api';
import type { DryRun, UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/drivers/dry-run: id, route, stop rows against the stored locations. */
export const dryRunDriverRoutes = (body: UploadBody) => rest<DryRun>('POST', '/locations/routes/drivers/dry-run', body);

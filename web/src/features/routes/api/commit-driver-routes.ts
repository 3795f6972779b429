import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/drivers/commit: one batch, answered per row. */
export const commitDriverRoutes = (body: UploadBody) => rest('driver_routes_commit', body);

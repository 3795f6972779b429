import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/drivers/dry-run: id, route, stop rows against the stored locations. */
export const dryRunDriverRoutes = (body: UploadBody) => rest('driver_routes_dry_run', body);

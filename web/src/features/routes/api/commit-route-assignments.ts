import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/assignments/commit: one batch, answered per row (each route's change names the version read). */
export const commitRouteAssignments = (body: UploadBody) => rest('route_drivers_commit', body);

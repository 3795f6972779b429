import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/schedule/commit: whole route groups, each replaced atomically. */
export const commitRouteSchedule = (body: UploadBody) => rest('route_schedule_commit', body);

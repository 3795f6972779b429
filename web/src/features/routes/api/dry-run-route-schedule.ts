import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/schedule/dry-run: the route-stop schedule, kept under routes-upload/ and checked whole. */
export const dryRunRouteSchedule = (body: UploadBody) => rest('route_schedule_dry_run', body);

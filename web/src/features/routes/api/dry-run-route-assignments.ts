import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/assignments/dry-run: date, route, driverEmail rows against the users and the day's drivers. */
export const dryRunRouteAssignments = (body: UploadBody) => rest('route_drivers_dry_run', body);

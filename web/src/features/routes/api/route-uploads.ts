import { rest } from '@/lib/api';
import type { CommitResult, DryRun, UploadBody } from '@/lib/upload-pipeline';

type Commit = { results: CommitResult[] };

/** POST /locations/routes/drivers/dry-run: id, route, stop rows against the stored locations. */
export const dryRunDriverRoutes = (body: UploadBody) => rest<DryRun>('POST', '/locations/routes/drivers/dry-run', body);
/** POST /locations/routes/drivers/commit: one batch, answered per row. */
export const commitDriverRoutes = (body: UploadBody) => rest<Commit>('POST', '/locations/routes/drivers/commit', body);
/** POST /locations/routes/schedule/dry-run: the route-stop schedule, kept under routes-upload/ and checked whole. */
export const dryRunRouteSchedule = (body: UploadBody) =>
  rest<DryRun>('POST', '/locations/routes/schedule/dry-run', body);
/** POST /locations/routes/schedule/commit: whole route groups, each replaced atomically. */
export const commitRouteSchedule = (body: UploadBody) =>
  rest<Commit>('POST', '/locations/routes/schedule/commit', body);
/** POST /locations/routes/assignments/dry-run: date, route, driverEmail rows against the users and the day's drivers. */
export const dryRunRouteAssignments = (body: UploadBody) =>
  rest<DryRun>('POST', '/locations/routes/assignments/dry-run', body);
/** POST /locations/routes/assignments/commit: one batch, answered per row (each route's change names the version read). */
export const commitRouteAssignments = (body: UploadBody) =>
  rest<Commit>('POST', '/locations/routes/assignments/commit', body);

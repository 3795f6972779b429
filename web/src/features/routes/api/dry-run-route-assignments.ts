import { rest } from '@/lib/api';
import type { DryRun, UploadBody } from '@/lib/upload-pipeline';

/** POST /locations/routes/assignments/dry-run: date, route, driverEmail rows against the users and the day's drivers. */
export const dryRunRouteAssignments = (body: UploadBody) =>
  rest<DryRun>('POST', '/locations/routes/assignments/dry-run', body);

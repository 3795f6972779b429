import { rest } from '@/lib/api';
import type { UploadBody } from '@/lib/upload-pipeline';
import type { Commit } from './types';

/** POST /locations/routes/schedule/commit: whole route groups, each replaced atomically. */
export const commitRouteSchedule = (body: UploadBody) =>
  rest<Commit>('POST', '/locations/routes/schedule/commit', body);

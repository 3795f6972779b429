import { lastSegmentId } from '@/lib/path-id';

/** The id of /locations/health/{...}/{id}: its last path segment (spec §2). */
export const healthIdOf = lastSegmentId;

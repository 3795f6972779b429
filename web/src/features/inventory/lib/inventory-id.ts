import { lastSegmentId } from '@/lib/path-id';

/** The fridge id of /locations/inventory/{...}/{id}: the last path segment, decoded (3-planning §2). */
export const inventoryIdOf = lastSegmentId;

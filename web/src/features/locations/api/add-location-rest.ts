import { rest } from '@/lib/api';
import type { Location } from '../lib/types';

/** POST /locations: adds one location from the customer-record import. */
export function addLocation(payload: Record<string, unknown>): Promise<Location> {
  return rest<Location>('POST', '/locations', payload);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { toLocation } from './location-fields';
import type { Location } from './types';

const GET_LOCATION = gql(`query GetLocation($id: ID!) {
  getLocation(id: $id) {
    id type prettyName status publicStatus accessTo street city state zipCode directions
    aprivaDeviceAddress covid19 fridgeModel hostname fridgeSchema hours workHours
    holidayScreenEnabled holidayScreenFridgeSpecific holidayScreenStartDate holidayScreenEndDate
    ip latitude longitude layoutName onlineDate paymentGateway percentage priceMapTemplate prod
    reserve route stop serialPort stockingSchedule taxRate timeZone vertical baseCommission
    lastModified lastModifiedBy updateReason version timeZoneLabel timeZoneIana
  }
}`);

export const locationKey = (id: string) => ['locations', 'detail', id] as const;

/** The location, or null when it does not exist (getLocation returns an empty list). */
export async function getLocation(id: string): Promise<Location | null> {
  const data = await graphql(GET_LOCATION, { id });
  const first = data.getLocation?.[0];
  return first ? toLocation(first) : null;
}

/** One location's read, as its screens and their route preloads ask for it. */
export function locationQuery(id: string) {
  return queryOptions({ queryKey: locationKey(id), queryFn: () => getLocation(id) });
}

export function useLocation(id: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...locationQuery(id), enabled: id !== '', refetchInterval: options.refetchInterval });
}

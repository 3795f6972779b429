import { parseJsonValue } from '../lib/schedule';
import type { Location, LocationSummary } from '../lib/types';

/** Every field of the GraphQL Location type. */
export const LOCATION_FIELDS = `
  id type prettyName status publicStatus accessTo street city state zipCode directions
  aprivaDeviceAddress covid19 fridgeModel hostname fridgeSchema hours workHours
  holidayScreenEnabled holidayScreenFridgeSpecific holidayScreenStartDate holidayScreenEndDate
  ip latitude longitude layoutName onlineDate paymentGateway percentage priceMapTemplate prod
  reserve route stop serialPort stockingSchedule taxRate timeZone vertical baseCommission
  lastModified lastModifiedBy updateReason version timeZoneLabel timeZoneIana
`;

/** The fields the list page needs. */
export const LOCATION_SUMMARY_FIELDS = 'id type prettyName route stop status prod';

type RawLocation = Omit<Location, 'workHours' | 'stockingSchedule' | 'updateReason'> & {
  workHours?: unknown;
  stockingSchedule?: unknown;
  updateReason?: unknown;
};

const json = <T,>(v: unknown): T | null => {
  if (v === null || v === undefined || v === '') return null;
  return (parseJsonValue(v) as T) ?? null;
};

/** Parses the AWSJSON fields of a location. */
export function toLocation(raw: RawLocation): Location {
  return {
    ...raw,
    workHours: json(raw.workHours),
    stockingSchedule: json(raw.stockingSchedule),
    updateReason: json(raw.updateReason),
  } as Location;
}

export type { Location, LocationSummary };

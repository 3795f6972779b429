import type { Weekday } from './constants';

/** workHours: per weekday a list of [from, to] ranges (HH:MM). */
export type WorkHours = Partial<Record<Weekday, [string, string][]>>;
export type StockingSchedule = Partial<Record<Weekday, number>>;

/** A location as the GraphQL API returns it (AWSJSON fields already parsed). */
export interface Location {
  id: string;
  type: string;
  prettyName?: string | null;
  status?: string | null;
  publicStatus?: string | null;
  accessTo?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  directions?: string | null;
  aprivaDeviceAddress?: string | null;
  covid19?: number | null;
  fridgeModel?: string | null;
  hostname?: string | null;
  fridgeSchema?: string | null;
  hours?: string | null;
  workHours?: WorkHours | null;
  holidayScreenEnabled?: number | null;
  holidayScreenFridgeSpecific?: number | null;
  holidayScreenStartDate?: string | null;
  holidayScreenEndDate?: string | null;
  ip?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  layoutName?: string | null;
  onlineDate?: string | null;
  paymentGateway?: string | null;
  percentage?: number | null;
  priceMapTemplate?: string | null;
  prod?: number | null;
  reserve?: number | null;
  route?: string | null;
  stop?: number | null;
  serialPort?: string | null;
  stockingSchedule?: StockingSchedule | null;
  taxRate?: number | null;
  timeZone?: string | null;
  vertical?: string | null;
  baseCommission?: number | null;
  lastModified?: string | null;
  lastModifiedBy?: string | null;
  updateReason?: Record<string, string> | null;
}

/** The slice of a location the list page shows and caches. */
export interface LocationSummary {
  id: string;
  type?: string | null;
  prettyName?: string | null;
  route?: string | null;
  stop?: number | null;
  status?: string | null;
  prod?: number | null;
}

/** A scheduled change as readScheduleChange returns it. */
export interface ScheduledChange {
  uuid: string;
  actionTime: string;
  id: string;
  user?: string | null;
  version?: number | null;
  change: {
    id: string;
    table: string;
    attribute: string;
    /** The raw AWSJSON text, kept to re-create the change unchanged. */
    rawValue: string | null;
    /** The parsed value. */
    value: unknown;
  };
}

export interface ScheduleChangeInput {
  location: string;
  attribute: string;
  /** AWSJSON: the JSON text of the value. */
  value: string;
  dateTime: string;
}

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
  /** Increases with every write; updateLocation sends the one the editor loaded. */
  version?: number | null;
  /** The fridge's zone: CT, ET, MT or PT. */
  timeZoneLabel?: string | null;
  /** e.g. America/Chicago. */
  timeZoneIana?: string | null;
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

export type ScheduleStatus = 'PENDING' | 'FAILED';

/** A scheduled change as readScheduleChange returns it. */
export interface ScheduledChange {
  uuid: string;
  actionTime: string;
  id: string;
  user?: string | null;
  version?: number | null;
  /** actionTime in the fridge's zone, 'YYYY-MM-DD HH:MM'. */
  localActionTime?: string | null;
  timeZoneLabel?: string | null;
  /** FAILED: moved aside by the scheduler, never retried; only deleting clears it. */
  status: ScheduleStatus;
  failureReason?: string | null;
  failedAt?: string | null;
  /** Set when an allocation lands after its 6 pm deadline. */
  deadlineWarning?: string | null;
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

/**
 * Exactly one time: `localDateTime` is wall time in the fridge's zone (what the
 * schedule dialog takes), `dateTime` an absolute instant (Complete Now).
 */
export type ScheduleTime = { localDateTime: string; dateTime?: never } | { dateTime: string; localDateTime?: never };

export type ScheduleChangeInput = {
  location: string;
  attribute: string;
  /** AWSJSON: the JSON text of the value. */
  value: string;
} & ScheduleTime;

/** One attribute of a history record; values are JSON text (null when absent). */
export interface HistoryChange {
  attribute: string;
  oldValue?: string | null;
  newValue?: string | null;
  reason?: string | null;
}

/** One write to a location, as locationHistory returns it. */
export interface HistoryRecord {
  at: string;
  who: string;
  source: string;
  changes: HistoryChange[];
}

export interface HistoryPage {
  items: HistoryRecord[];
  nextToken: string | null;
}

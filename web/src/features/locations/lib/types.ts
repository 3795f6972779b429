export type { Location, LocationSummary, StockingSchedule, WorkHours } from '@/lib/locations/types';
export type { HistoryChange, HistoryPage, HistoryRecord } from '@/lib/history';

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

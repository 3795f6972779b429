import type { GetLocationQuery, ListLocationsQuery } from '@/generated/gql/graphql';
import type { Weekday } from './constants';

/** workHours: per weekday a list of [from, to] ranges (HH:MM). */
export type WorkHours = Partial<Record<Weekday, [string, string][]>>;
export type StockingSchedule = Partial<Record<Weekday, number>>;

type LocationFields = GetLocationQuery['getLocation'][number];
type JsonFields = 'workHours' | 'stockingSchedule' | 'updateReason';

/**
 * A location as getLocation returns it, with its AWSJSON fields parsed. The
 * fields and their types come from infra/schema.graphql through the code
 * generator, so a schema change that breaks a screen fails the build.
 */
export type Location = Pick<LocationFields, 'id' | 'type'> &
  Partial<Omit<LocationFields, 'id' | 'type' | JsonFields>> & {
    workHours?: WorkHours | null;
    stockingSchedule?: StockingSchedule | null;
    updateReason?: Record<string, string> | null;
  };

type SummaryFields = ListLocationsQuery['locations']['items'][number];

/** The slice of a location the list page shows and caches. */
export type LocationSummary = Pick<SummaryFields, 'id'> &
  Partial<Omit<SummaryFields, 'id' | 'type'>> & { type?: SummaryFields['type'] | null };

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

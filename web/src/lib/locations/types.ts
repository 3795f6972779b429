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

import type { GetLocationQuery } from '@/generated/gql/graphql';
import { parseJsonValue } from '../lib/schedule';
import type { Location, LocationSummary } from '../lib/types';

type RawLocation = GetLocationQuery['getLocation'][number];

const json = <T>(v: unknown): T | null => {
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
  };
}

export type { Location, LocationSummary };

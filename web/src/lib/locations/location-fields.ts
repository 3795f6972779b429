import type { GetLocationQuery } from '@/generated/gql/graphql';
import type { Location, LocationSummary } from './types';

/** Parses an AWSJSON value (a JSON string, or already a value). */
export function parseJsonValue(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

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

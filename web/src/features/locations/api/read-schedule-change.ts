import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { parseJsonValue } from '@/lib/locations/location-fields';
import type { ScheduledChange } from '../lib/types';

const READ_SCHEDULE_CHANGE = gql(`query ReadScheduleChange($filter: ScheduleChangeFilter!) {
  readScheduleChange(filter: $filter) {
    uuid actionTime id user version change { id table attribute value }
    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning
  }
}`);

export const scheduleKey = (id: string) => ['locations', 'schedule', id] as const;

type RawChange = Omit<ScheduledChange, 'status' | 'change'> & {
  status: string;
  change: { id: string; table: string; attribute: string; value?: unknown };
};

/** A scheduled change as the server answers it (GraphQL or REST), its value parsed from JSON. */
export function toScheduledChange(c: RawChange): ScheduledChange {
  const raw = c.change.value;
  return {
    ...c,
    status: c.status === 'FAILED' ? 'FAILED' : 'PENDING',
    change: {
      ...c.change,
      rawValue: raw === null || raw === undefined ? null : typeof raw === 'string' ? raw : JSON.stringify(raw),
      value: parseJsonValue(raw),
    },
  };
}

/** The scheduled changes of a location (pending and failed), values parsed from JSON. */
export async function readScheduleChange(id: string): Promise<ScheduledChange[]> {
  const d = await graphql(READ_SCHEDULE_CHANGE, { filter: { id } });
  return (d.readScheduleChange ?? []).map(toScheduledChange);
}

/** A location's scheduled changes, as the detail screen and its route preload ask for them. */
export function scheduleChangesQuery(id: string) {
  return queryOptions({ queryKey: scheduleKey(id), queryFn: () => readScheduleChange(id) });
}

export function useScheduleChanges(id: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...scheduleChangesQuery(id), enabled: id !== '', refetchInterval: options.refetchInterval });
}

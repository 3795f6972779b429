import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql, rest } from '@/lib/api';
import { gql } from '@/generated/gql';
import { locationIdOf } from '@/lib/brands';
import type { ScheduledChange } from '../lib/types';
import { awaitingScheduler, WATCH_EVERY_MS } from '../lib/schedule-groups';
import { toScheduledChange } from './read-schedule-change';

/** GET /locations/{id}/schedule: every pending (and failed) change of one location. */
export async function getLocationSchedule(id: string): Promise<ScheduledChange[]> {
  return (await rest('location_schedule', { id: locationIdOf(id) })).map(toScheduledChange);
}

export const locationScheduleKey = (id: string) => ['locations', 'schedule-list', id] as const;

/** A location's pending and failed changes, as the schedule screen and its route preload ask for them. */
export function locationScheduleQuery(id: string) {
  return queryOptions({ queryKey: locationScheduleKey(id), queryFn: () => getLocationSchedule(id) });
}

/** Read again every few seconds while a listed change is about to apply (Complete Now), until it has. */
export function useLocationSchedule(id: string) {
  return useQuery({
    ...locationScheduleQuery(id),
    enabled: id !== '',
    refetchInterval: (query) => (awaitingScheduler(query.state.data) ? WATCH_EVERY_MS : false),
  });
}

const UPCOMING = gql(`query UpcomingScheduleChanges($days: Int) {
  upcomingScheduleChanges(days: $days) {
    uuid actionTime id user version change { id table attribute value }
    localActionTime timeZoneLabel status failureReason failedAt deadlineWarning
  }
}`);

/** Pending changes across the fleet due within `days` days, soonest first. */
export async function getUpcomingScheduleChanges(days: number): Promise<ScheduledChange[]> {
  return (await graphql(UPCOMING, { days })).upcomingScheduleChanges.map(toScheduledChange);
}

/** The days ahead the schedule screen lists the fleet's changes for. */
export const UPCOMING_DAYS = 14;

export function upcomingScheduleChangesQuery(days: number) {
  return queryOptions({ queryKey: ['locations', 'upcoming', days], queryFn: () => getUpcomingScheduleChanges(days) });
}

export function useUpcomingScheduleChanges(days: number) {
  return useQuery(upcomingScheduleChangesQuery(days));
}

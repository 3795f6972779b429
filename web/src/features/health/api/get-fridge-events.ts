import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FRESH_MS } from './get-fridge-health';
import { BY_NEXT_TOKEN } from '@/lib/fetch-all';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const FRIDGE_EVENTS = gql(`query GetFridgeEvents($location: ID!, $eventTypes: [String!], $nextToken: String) {
  getFridgeEvents(location: $location, eventTypes: $eventTypes, nextToken: $nextToken) {
    items { location eventType timestamp }
    nextToken
  }
}`);

/** The event types the health page lists (spec §7). */
export const FRIDGE_EVENT_TYPES = ['CheckpointEvent'];

export type FridgeEvent = Awaited<ReturnType<typeof getFridgeEvents>>['items'][number];

/** One page of a fridge's checkpoint events, newest first. */
export async function getFridgeEvents(location: string, nextToken: string | null = null) {
  return (await graphql(FRIDGE_EVENTS, { location, eventTypes: FRIDGE_EVENT_TYPES, nextToken })).getFridgeEvents;
}

/**
 * The table's first page, also asked for ahead of the page's render (preload-fridge-health.ts); a copy of the last
 * few seconds is current, so the table's mount does not ask again.
 */
export function fridgeEventsQuery(location: string) {
  return infiniteQueryOptions({
    queryKey: ['health', 'events', location],
    queryFn: ({ pageParam }) => getFridgeEvents(location, pageParam),
    ...BY_NEXT_TOKEN,
    staleTime: FRESH_MS,
  });
}

export function useFridgeEvents(location: string) {
  return useInfiniteQuery({ ...fridgeEventsQuery(location), enabled: location !== '' });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FRESH_MS } from './get-fridge-health';
import { BY_NEXT_TOKEN } from '@/lib/fetch-all';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const SEGMENT_EVENTS = gql(`query GetFridgeSegmentEvents($location: ID!, $types: [String!], $nextToken: String) {
  getFridgeSegmentEvents(location: $location, fridgeSegmentEventType: $types, nextToken: $nextToken) {
    items { eventType date payload }
    nextToken
  }
}`);

/** The segment events the health page lists (spec §2.3). */
export const SEGMENT_EVENT_TYPES = ['sessionStarted', 'productListViewed', 'purchaseCompleted', 'pickupAccepted'];

export type SegmentEvent = Awaited<ReturnType<typeof getFridgeSegmentEvents>>['items'][number];

/** One page of a fridge's segment events, newest first. */
export async function getFridgeSegmentEvents(location: string, nextToken: string | null = null) {
  return (await graphql(SEGMENT_EVENTS, { location, types: SEGMENT_EVENT_TYPES, nextToken })).getFridgeSegmentEvents;
}

/**
 * The table's first page, also asked for ahead of the page's render (preload-fridge-health.ts); a copy of the last
 * few seconds is current, so the table's mount does not ask again.
 */
export function fridgeSegmentEventsQuery(location: string) {
  return infiniteQueryOptions({
    queryKey: ['health', 'segment-events', location],
    queryFn: ({ pageParam }) => getFridgeSegmentEvents(location, pageParam),
    ...BY_NEXT_TOKEN,
    staleTime: FRESH_MS,
  });
}

export function useFridgeSegmentEvents(location: string) {
  return useInfiniteQuery({ ...fridgeSegmentEventsQuery(location), enabled: location !== '' });
}

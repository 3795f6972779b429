import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { isOutstanding } from '../lib/commands';
import { FRESH_MS, IDLE_REFRESH_MS, POLL_MS } from './get-fridge-health';

const READ_QUEUE = gql(`query ReadQueueMessages($id: ID!, $count: Int, $nextToken: String) {
  readQueueMessages(id: $id, count: $count, nextToken: $nextToken) {
    items { id timestamp messageId messageType operation resource sentBy state doneAt }
    nextToken
  }
}`);

/** Messages read per call (the spec's default count, §7). */
export const QUEUE_COUNT = 1000;

/** The newest commands sent to a fridge (one page of up to QUEUE_COUNT), newest first. */
export async function readQueueMessages(location: string, nextToken: string | null = null) {
  return (await graphql(READ_QUEUE, { id: location, count: QUEUE_COUNT, nextToken })).readQueueMessages;
}

export const queueMessagesKey = (location: string) => ['health', 'queue', location] as const;

/**
 * The commands' query, also asked for ahead of the page's render (preload-fridge-health.ts); a copy of the last few
 * seconds is current, so the page's mount does not ask again.
 */
export function queueMessagesQuery(location: string) {
  return queryOptions({
    queryKey: queueMessagesKey(location),
    queryFn: () => readQueueMessages(location),
    staleTime: FRESH_MS,
  });
}

/**
 * The fridge's commands, read every few seconds while one of them is on its way (PENDING or SENT)
 * (or `fast`: a command was just sent from this page); otherwise a slow refresh.
 */
export function useQueueMessages(location: string, fast: boolean) {
  return useQuery({
    ...queueMessagesQuery(location),
    enabled: location !== '',
    refetchInterval: (q) =>
      fast || q.state.data?.items.some((m) => isOutstanding(m.state)) ? POLL_MS : IDLE_REFRESH_MS,
  });
}

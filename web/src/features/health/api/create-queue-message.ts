import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { QueueMessagePayloadInput } from '@/generated/gql/graphql';

const CREATE_QUEUE_MESSAGE =
  gql(`mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!, $requestId: ID!) {
  createQueueMessage(location: $location, message: $message, requestId: $requestId) {
    id timestamp messageId messageType operation resource sentBy state doneAt
  }
}`);

/**
 * Sends a Resource command to a fridge's command queue; answers the recorded message (PENDING until
 * the queue took it, then SENT). `requestId` (required by the server) makes a retry of the same click
 * the same command: the server answers it, and sends it again only if it was never taken (issue 38).
 * Every user command gets a fresh one (`crypto.randomUUID()`), kept across retries of that command.
 */
export async function createQueueMessage(location: string, payload: QueueMessagePayloadInput, requestId: string) {
  const message = { messageType: 'Resource', payload };
  return (await graphql(CREATE_QUEUE_MESSAGE, { location, message, requestId })).createQueueMessage;
}

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { QueueMessagePayloadInput } from '@/generated/gql/graphql';

const CREATE_QUEUE_MESSAGE = gql(`mutation CreateQueueMessage($location: ID!, $message: QueueMessageInput!) {
  createQueueMessage(location: $location, message: $message) {
    id timestamp messageId messageType operation resource sentBy state doneAt
  }
}`);

/** Sends a Resource command to a fridge's command queue; answers the recorded message (state SENT). */
export async function createQueueMessage(location: string, payload: QueueMessagePayloadInput) {
  return (await graphql(CREATE_QUEUE_MESSAGE, { location, message: { messageType: 'Resource', payload } }))
    .createQueueMessage;
}

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { AcknowledgeAttentionInput } from '@/generated/gql/graphql';

const ACKNOWLEDGE_ATTENTION = gql(`mutation AcknowledgeAttention($input: AcknowledgeAttentionInput!) {
  acknowledgeAttention(input: $input) {
    stockingDay key by at note taken
  }
}`);

/**
 * An operator takes on a Needs-attention item with a note (needs AcknowledgeAttention): the panel then shows
 * who took it, when, and the note ("taken by {name} at {HH:MM}: {note}"); a Temperature or Unreachable item
 * ends by it. One per item: the input is the kept request (`AttentionAcks`), so a retry sends it again unchanged,
 * requestId included, and the server answers the first result; anyone else's try is refused (409), naming the first.
 */
export async function acknowledgeAttention(input: AcknowledgeAttentionInput) {
  return (await graphql(ACKNOWLEDGE_ATTENTION, { input })).acknowledgeAttention;
}

export type AttentionAcknowledgement = Awaited<ReturnType<typeof acknowledgeAttention>>;

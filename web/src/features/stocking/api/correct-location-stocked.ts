import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { CorrectLocationStockedInput } from '@/generated/gql/graphql';

const CORRECT_LOCATION_STOCKED = gql(`mutation CorrectLocationStocked($input: CorrectLocationStockedInput!) {
  correctLocationStocked(input: $input) {
    actionId locationId stockingDay stockingIndex change occurredAt stockedAt
  }
}`);

/**
 * A supervisor voids or re-times the LocationStocked behind a stop's stocked time (needs
 * SuperviseStocking); the reason goes into the stop's stocked history. The input is the kept
 * request (`StockedCorrections`): a retry sends it again unchanged, requestId included, so the
 * server answers the first result instead of correcting twice.
 */
export async function correctLocationStocked(input: CorrectLocationStockedInput) {
  return (await graphql(CORRECT_LOCATION_STOCKED, { input })).correctLocationStocked;
}

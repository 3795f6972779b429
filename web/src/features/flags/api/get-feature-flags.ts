import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

export const GET_FEATURE_FLAGS = gql(`
  query GetFeatureFlags {
    getFeatureFlags
  }
`);

/** The feature flags of the signed-in user (looked up by e-mail on the server). */
export async function getFeatureFlags(): Promise<string[]> {
  const data = await graphql(GET_FEATURE_FLAGS);
  return data.getFeatureFlags ?? [];
}

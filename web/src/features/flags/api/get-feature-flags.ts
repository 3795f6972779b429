import { graphql } from '@/lib/api';

export const GET_FEATURE_FLAGS = /* GraphQL */ `
  query GetFeatureFlags {
    getFeatureFlags
  }
`;

/** The feature flags of the signed-in user (looked up by e-mail on the server). */
export async function getFeatureFlags(): Promise<string[]> {
  const data = await graphql<{ getFeatureFlags: string[] | null }>(GET_FEATURE_FLAGS);
  return data.getFeatureFlags ?? [];
}

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const UPDATE = gql(`mutation UpdateFridgeArtifacts($artifactType: String!, $version: String!, $fridges: [ID!]!) {
  updateFridgeArtifacts(artifactType: $artifactType, version: $version, fridges: $fridges) { pk sk artifactType objectKey }
}`);

/** Deploys one version; answers the fridges that run it now (missing ones failed). */
export async function updateFridgeArtifacts(artifactType: string, version: string, fridges: string[]) {
  return (await graphql(UPDATE, { artifactType, version, fridges })).updateFridgeArtifacts;
}

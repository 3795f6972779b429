import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const GET_AVAILABLE = gql(`query GetAvailableFridgeArtifacts {
  getAvailableFridgeArtifacts { artifactType availableVersions { version cleanName versionName rawVersion } }
}`);

export type AvailableArtifact = Awaited<ReturnType<typeof getAvailableFridgeArtifacts>>[number];

/** Per software, the 5 newest builds in the artifacts bucket, newest first. */
export async function getAvailableFridgeArtifacts() {
  return (await graphql(GET_AVAILABLE)).getAvailableFridgeArtifacts;
}

import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const GET_FRIDGE_ARTIFACTS = gql(`query GetFridgeArtifacts {
  getFridgeArtifacts { artifactType versions { versionName fridgesDeployedTo } }
}`);

export type FridgeArtifact = Awaited<ReturnType<typeof getFridgeArtifacts>>[number];

/** Per software, each version and the fridges that run it. */
export async function getFridgeArtifacts() {
  return (await graphql(GET_FRIDGE_ARTIFACTS)).getFridgeArtifacts;
}

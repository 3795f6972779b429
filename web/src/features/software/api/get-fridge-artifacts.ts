import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { GetFridgeArtifactsQuery } from '@/generated/gql/graphql';
import { fetchSnapshot } from '@/lib/snapshot';

const FRIDGE_SOFTWARE_SNAPSHOT = gql(`query FridgeSoftwareSnapshot {
  fridgeSoftwareSnapshot { url }
}`);

const GET_FRIDGE_ARTIFACTS = gql(`query GetFridgeArtifacts {
  getFridgeArtifacts { artifactType versions { versionName fridgesDeployedTo } }
}`);

export type FridgeArtifact = GetFridgeArtifactsQuery['getFridgeArtifacts'][number];

/**
 * Per software, each version and the fridges that run it. Read from the snapshot the server keeps (rebuilt by
 * every deployment), so a page load costs two requests whatever the fleet's size; until the first snapshot
 * exists (a new stack), straight from the table.
 */
export async function getFridgeArtifacts(): Promise<FridgeArtifact[]> {
  const where = (await graphql(FRIDGE_SOFTWARE_SNAPSHOT)).fridgeSoftwareSnapshot;
  if (where.url)
    return (await fetchSnapshot<{ artifacts: FridgeArtifact[] }>({ url: where.url }, 'fridge software')).artifacts;
  return (await graphql(GET_FRIDGE_ARTIFACTS)).getFridgeArtifacts;
}

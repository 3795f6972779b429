import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';

const OPS_LOCATIONS = gql(`query ParsOpsLocations($nextToken: String) {
  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }
}`);

/** The ops locations (id and type): the pars screens' location list. */
export async function opsLocationIds() {
  const ids: { id: string; type: string }[] = [];
  let nextToken: string | null | undefined = null;
  do {
    const page: { locations: typeof ids; nextToken?: string | null } = (await graphql(OPS_LOCATIONS, { nextToken }))
      .opsLocations;
    ids.push(...page.locations);
    nextToken = page.nextToken;
  } while (nextToken);
  return ids;
}

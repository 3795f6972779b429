import { graphql } from '@/lib/api';
import { fetchAllPages } from '@/lib/fetch-all';
import { gql } from '@/generated/gql';

const OPS_LOCATIONS = gql(`query ParsOpsLocations($nextToken: String) {
  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }
}`);

/** The ops locations (id and type): the pars screens' location list. */
export function opsLocationIds() {
  return fetchAllPages(async (nextToken) => {
    const page = (await graphql(OPS_LOCATIONS, { nextToken })).opsLocations;
    return { items: page.locations, nextToken: page.nextToken };
  });
}

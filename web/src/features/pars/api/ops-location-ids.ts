import { graphql } from '@/lib/api';
import { fetchAllPages } from '@/lib/fetch-all';
import { fetchSnapshot } from '@/lib/snapshot';
import { gql } from '@/generated/gql';

const OPS_LOCATIONS_SNAPSHOT = gql(`query OpsLocationsSnapshot {
  opsLocationsSnapshot { url asOf }
}`);

const OPS_LOCATIONS = gql(`query ParsOpsLocations($nextToken: String) {
  opsLocations(filter: { count: 2500 }, nextToken: $nextToken) { locations { id type } nextToken }
}`);

export interface OpsLocationId {
  id: string;
  type: string;
}

/**
 * A snapshot whose last read of the table is older than this is not used: the locations are paged from the table.
 * Every new location is added to it as it is created, and the schedule reads the table again each hour to mend
 * what an addition missed; three hours means that schedule has stopped.
 */
export const OPS_SNAPSHOT_MAX_AGE_MS = 3 * 60 * 60_000;

/**
 * The ops locations (id and type): the pars screens' location list. Read from the snapshot the server keeps (two
 * requests whatever the fleet's size, where the pages are a read of every location); from the pages while there
 * is no fresh snapshot (a new stack, a stopped schedule).
 */
export async function opsLocationIds(now = Date.now()): Promise<OpsLocationId[]> {
  const where = (await graphql(OPS_LOCATIONS_SNAPSHOT)).opsLocationsSnapshot;
  const age = where.asOf ? now - Date.parse(where.asOf) : Infinity;
  if (where.url && age < OPS_SNAPSHOT_MAX_AGE_MS) {
    const snapshot = await fetchSnapshot<{ locations: OpsLocationId[] }>({ url: where.url }, 'ops locations');
    return snapshot.locations;
  }
  return fetchAllPages(async (nextToken) => {
    const page = (await graphql(OPS_LOCATIONS, { nextToken })).opsLocations;
    return { items: page.locations, nextToken: page.nextToken };
  });
}

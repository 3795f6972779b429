import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { fetchSnapshot } from '@/lib/snapshot';
import type { FridgeHealth } from './health-fields';

const FLEET_HEALTH_SNAPSHOT = gql(`query FleetHealthSnapshot {
  fleetHealthSnapshot { url asOf fridges }
}`);

/** The fleet's health as the snapshot holds it; `asOf` is null until the first snapshot is built. */
export interface FleetHealth {
  asOf: string | null;
  fridges: FridgeHealth[];
}

/**
 * The snapshot is rebuilt once a minute, so a copy younger than that is current. The page reloads it
 * on Refresh and on a new visit after a minute, not on a timer: at 25,000 fridges each read is ~1.5 MB of egress.
 * While no snapshot exists yet (a new stack) it asks again every few seconds.
 */
export const SNAPSHOT_FRESH_MS = 60_000;
const PENDING_RETRY_MS = 5_000;

/**
 * Every fridge's health in two requests whatever the fleet's size: where the
 * snapshot is (AppSync), then one GET of it (S3, gzip'd; the browser inflates it).
 * `shown`, the health on screen, is kept as it is while the stored snapshot is the same one.
 */
export async function readFleetHealth(shown?: FleetHealth): Promise<FleetHealth> {
  const where = (await graphql(FLEET_HEALTH_SNAPSHOT)).fleetHealthSnapshot;
  if (!where.url) return { asOf: null, fridges: [] };
  const current = shown?.asOf ? { asOf: shown.asOf, fridges: shown.fridges } : undefined;
  const body = await fetchSnapshot({ url: where.url, asOf: where.asOf }, 'fleet health', current);
  return body === current && shown ? shown : { asOf: body.asOf, fridges: body.fridges };
}

export const fleetHealthKey = ['health', 'fleet'] as const;

/** The screen's query, also asked for ahead of its render (preload-fleet-health.ts). */
export function fleetHealthQuery(client: QueryClient) {
  return queryOptions({
    queryKey: fleetHealthKey,
    queryFn: () => readFleetHealth(client.getQueryData<FleetHealth>(fleetHealthKey)),
    staleTime: SNAPSHOT_FRESH_MS,
    refetchInterval: (query) => (query.state.data?.asOf === null ? PENDING_RETRY_MS : false),
  });
}

/** The whole fleet's health for /portfoliohealth. */
export function useFleetHealth() {
  return useQuery(fleetHealthQuery(useQueryClient()));
}

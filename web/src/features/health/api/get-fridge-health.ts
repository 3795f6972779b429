import { queryOptions, useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { HEALTH_RULES } from '../lib/health-rules';
import type { FridgeHealth } from './health-fields';

const FRIDGE_HEALTH = gql(`query FridgeHealth($filter: FridgeHealthFilter!) {
  fridgeHealth(filter: $filter) { ...FridgeHealthFields }
}`);

/** Splits ids into calls of `size` (spec §9: 10 a call on the health page). */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, size)) out.push(items.slice(i, i + Math.max(1, size)));
  return out;
}

/** The latest health of these fridges, `healthBatch` ids a call, in order of the answers. */
export async function getFridgeHealth(locationIds: string[]): Promise<FridgeHealth[]> {
  const answers = await Promise.all(
    batches(locationIds, HEALTH_RULES.healthBatch).map((ids) =>
      graphql(FRIDGE_HEALTH, { filter: { locationIds: ids } }),
    ),
  );
  return answers.flatMap((a) => a.fridgeHealth);
}

export const fridgeHealthKey = (id: string) => ['health', 'fridge', id] as const;

/**
 * One fridge's health (null when the fridge never reported). `fast` polls every
 * few seconds, while a command waits for the fridge's report.
 */
export function useFridgeHealth(id: string, fast: boolean) {
  return useQuery({
    ...fridgeHealthQuery(id),
    enabled: id !== '',
    refetchInterval: fast ? POLL_MS : IDLE_REFRESH_MS,
  });
}

/**
 * The page's query, also asked for ahead of its render (preload-fridge-health.ts). A copy of the last few seconds
 * is current: the one the page load asked for is not asked for again as the page mounts.
 */
export function fridgeHealthQuery(id: string) {
  return queryOptions({
    queryKey: fridgeHealthKey(id),
    queryFn: async () => (await getFridgeHealth([id])).find((h) => h.locationId === id) ?? null,
    staleTime: FRESH_MS,
  });
}

/** How long a fridge's health or temperatures just read count as current. */
export const FRESH_MS = 5_000;

/** Polling while a command is on its way; a slow refresh otherwise. */
export const POLL_MS = 3000;
export const IDLE_REFRESH_MS = 60_000;

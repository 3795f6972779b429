import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import type { FridgeHealth } from './health-fields';

const FLEET_HEALTH = gql(`query FleetHealth($nextToken: String) {
  fleetHealth(nextToken: $nextToken) { items { ...FridgeHealthFields } nextToken }
}`);

export interface LoadProgress {
  pages: number;
  fridges: number;
}

/** Every page of the fleet's health (pages of up to 1,000), reporting progress after each page. */
export async function readFleetHealth(onPage?: (p: LoadProgress) => void): Promise<FridgeHealth[]> {
  const items: FridgeHealth[] = [];
  let nextToken: string | null = null;
  let pages = 0;
  do {
    const page: { items: FridgeHealth[]; nextToken?: string | null } = (await graphql(FLEET_HEALTH, { nextToken }))
      .fleetHealth;
    items.push(...page.items);
    pages += 1;
    onPage?.({ pages, fridges: items.length });
    nextToken = page.nextToken ?? null;
  } while (nextToken);
  return items;
}

export const fleetHealthKey = ['health', 'fleet'] as const;

/** The whole fleet's health for /portfoliohealth, with the progress of the page being read. */
export function useFleetHealth() {
  const [progress, setProgress] = useState<LoadProgress>({ pages: 0, fridges: 0 });
  const query = useQuery({
    queryKey: fleetHealthKey,
    queryFn: () => {
      setProgress({ pages: 0, fridges: 0 });
      return readFleetHealth(setProgress);
    },
    staleTime: 60_000,
  });
  return { ...query, progress };
}

import type { QueryClient } from '@tanstack/react-query';
import { preloadChart } from '@/components/Chart';
import { fleetHealthQuery } from './fleet-health';

/**
 * The fleet health snapshot (and its chart's code), asked for while the page loads (issue 63): beside the user's access, not after
 * the screen's guard has read it and the screen has mounted. A copy younger than the snapshot's minute is kept.
 */
export function preloadFleetHealth(client: QueryClient): void {
  void client.prefetchQuery(fleetHealthQuery(client));
  preloadChart('stackedBar');
}

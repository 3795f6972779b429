import type { QueryClient } from '@tanstack/react-query';
import { preloadLocationsList } from '@/lib/locations/use-locations-list';
import { preloadSoftwareData } from './use-software-data';

/** The fridge software screen's first data, asked for while the page loads (issue 63): its reads and the fleet's first page. */
export function preloadFridgeSoftware(client: QueryClient): void {
  preloadSoftwareData(client);
  preloadLocationsList(client);
}

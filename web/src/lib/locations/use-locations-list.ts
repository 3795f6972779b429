import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LOCATIONS_PAGE_SIZE } from './constants';
import { driversOf, mergeLocations } from './list-filter';
import { readCache, refreshKind, summarise, writeCache, type LocationsCache } from './locations-cache';
import type { LocationSummary } from './types';
import { firstLocationsPageQuery, listAllLocations, listLocationsPage } from './list-locations';

export interface LocationsListState {
  locations: LocationSummary[];
  drivers: string[];
  refreshing: boolean;
  error: boolean;
  /** Loads OFFLINE locations on demand (once per page visit). */
  loadOffline: () => void;
}

function save(locations: LocationSummary[], allLoaded: boolean, timestamp: number): LocationsCache {
  const cache: LocationsCache = { locations, drivers: driversOf(locations), allLoaded, timestamp };
  writeCache(cache);
  return cache;
}

/**
 * The list page's data: cached locations first, then a background refresh
 * (full when the cache is empty or older than 2 days, else one page of 2500).
 */
export function useLocationsList(): LocationsListState {
  const queryClient = useQueryClient();
  const [cache, setCache] = useState<LocationsCache | null>(() => readCache());
  const [pending, setPending] = useState(0);
  const [error, setError] = useState(false);
  const offlineLoaded = useRef(false);
  const cacheRef = useRef(cache);
  cacheRef.current = cache;

  const run = useCallback(async (job: () => Promise<void>) => {
    setPending((n) => n + 1);
    try {
      await job();
    } catch {
      setError(true);
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    const initial = cacheRef.current;
    const kind = refreshKind(initial);
    void run(async () => {
      if (kind === 'full') {
        const all = await listAllLocations(
          { count: LOCATIONS_PAGE_SIZE },
          (soFar) => {
            if (cancelled || (initial && initial.locations.length > 0)) return;
            // No cache yet: show the pages as they arrive.
            setCache({ locations: soFar.map(summarise), drivers: driversOf(soFar), allLoaded: false, timestamp: 0 });
          },
          // The route's preload asked for it already (preloadLocationsList).
          () => queryClient.fetchQuery(firstLocationsPageQuery),
        );
        if (cancelled) return;
        setCache(save(all.map(summarise), true, Date.now()));
      } else {
        const page = await listLocationsPage({ count: LOCATIONS_PAGE_SIZE });
        if (cancelled) return;
        const base = cacheRef.current ?? initial;
        const merged = mergeLocations(base?.locations ?? [], page.items.map(summarise));
        setCache(save(merged, base?.allLoaded ?? false, base?.timestamp ?? Date.now()));
      }
      setError(false);
    });
    return () => {
      cancelled = true;
    };
  }, [run, queryClient]);

  const loadOffline = useCallback(() => {
    if (offlineLoaded.current) return;
    offlineLoaded.current = true;
    void run(async () => {
      const page = await listLocationsPage({ status: 'OFFLINE', count: LOCATIONS_PAGE_SIZE });
      const base = cacheRef.current;
      const merged = mergeLocations(base?.locations ?? [], page.items.map(summarise));
      setCache(save(merged, base?.allLoaded ?? false, base?.timestamp ?? 0));
    });
  }, [run]);

  return {
    locations: cache?.locations ?? [],
    drivers: cache?.drivers ?? [],
    refreshing: pending > 0,
    error,
    loadOffline,
  };
}

/**
 * The first page of a locations screen that reads the whole list, asked for while the page loads (issue 63):
 * beside the user's access, not after the screen's guard has read it and the screen has mounted. Only when the
 * screen will read the list whole (no copy in this browser, or one too old); a kept copy shows at once anyway.
 */
export function preloadLocationsList(client: QueryClient): void {
  if (refreshKind(readCache()) === 'full') void client.prefetchQuery(firstLocationsPageQuery);
}

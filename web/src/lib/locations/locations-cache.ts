import { CACHE_MAX_AGE_MS } from './constants';
import type { LocationSummary } from './types';

export const CACHE_KEY = 'fleet-console.locations.v1';

export interface LocationsCache {
  locations: LocationSummary[];
  drivers: string[];
  /** True once a full refresh (every page) has completed. */
  allLoaded: boolean;
  /** Time of the last full refresh (ms since epoch). */
  timestamp: number;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const defaultStorage = (): StorageLike | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function readCache(storage: StorageLike | null = defaultStorage()): LocationsCache | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(CACHE_KEY);
    if (!text) return null;
    const c = JSON.parse(text) as Partial<LocationsCache>;
    if (!Array.isArray(c.locations) || typeof c.timestamp !== 'number') return null;
    return {
      locations: c.locations,
      drivers: Array.isArray(c.drivers) ? c.drivers : [],
      allLoaded: !!c.allLoaded,
      timestamp: c.timestamp,
    };
  } catch {
    return null;
  }
}

export function writeCache(cache: LocationsCache, storage: StorageLike | null = defaultStorage()): void {
  if (!storage) return;
  try {
    storage.setItem(CACHE_KEY, JSON.stringify(cache));
  } catch {
    // Quota exceeded or storage disabled: the list still works without a cache.
  }
}

export type RefreshKind = 'full' | 'quick';

/**
 * Which background refresh to run: a full refresh when the cache is empty,
 * incomplete or older than 2 days; else a quick reload of one page.
 */
export function refreshKind(cache: LocationsCache | null, now: number = Date.now()): RefreshKind {
  if (!cache || cache.locations.length === 0 || !cache.allLoaded) return 'full';
  return now - cache.timestamp > CACHE_MAX_AGE_MS ? 'full' : 'quick';
}

/** Keeps only the list fields of a location. */
export function summarise(l: LocationSummary): LocationSummary {
  return {
    id: l.id,
    type: l.type ?? null,
    prettyName: l.prettyName ?? null,
    route: l.route ?? null,
    stop: l.stop ?? null,
    status: l.status ?? null,
    prod: l.prod ?? null,
  };
}

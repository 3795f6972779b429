import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_PREFIX } from '@/lib/browser-storage';

/** Every cached read of the ops locations starts with this key (the pars screens' list, one per business day). */
export const OPS_LOCATIONS_KEY = ['opsLocations'] as const;

/** The ops locations kept in browser storage for one business day (2-fleet §3 "ops locations with a date"; §9: the cache is per calendar day). */
export const KEPT_OPS_LOCATIONS_KEY = `${STORAGE_PREFIX}opsLocations.v1`;

export interface OpsLocationId {
  id: string;
  type?: string | null;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export interface KeptOpsLocations {
  locations: OpsLocationId[];
  /** When they were read (ms since the epoch). */
  keptAt: number;
}

/** The kept ops locations of `day` (YYYY-MM-DD, the business day); null when none are kept for that day. */
export function readKeptOpsLocations(day: string, storage = browserStorage()): KeptOpsLocations | null {
  try {
    const kept = JSON.parse(storage?.getItem(KEPT_OPS_LOCATIONS_KEY) ?? 'null') as {
      day?: unknown;
      keptAt?: unknown;
      locations?: unknown;
    } | null;
    return kept?.day === day && Array.isArray(kept.locations) && typeof kept.keptAt === 'number'
      ? { locations: kept.locations as OpsLocationId[], keptAt: kept.keptAt }
      : null;
  } catch {
    return null;
  }
}

export function keepOpsLocations(
  day: string,
  locations: OpsLocationId[],
  keptAt = Date.now(),
  storage = browserStorage(),
): void {
  try {
    storage?.setItem(KEPT_OPS_LOCATIONS_KEY, JSON.stringify({ day, keptAt, locations }));
  } catch {
    // Storage full or disabled: the next page load asks the server again.
  }
}

/**
 * Forgets the ops locations read before this console wrote a location (a new fridge, a bulk import), kept and in
 * memory, so the pars view lists the new one at its next visit instead of after the copy's minute.
 */
export function forgetOpsLocations(
  client?: QueryClient,
  storage: Pick<Storage, 'removeItem'> | null = browserStorage(),
) {
  try {
    storage?.removeItem(KEPT_OPS_LOCATIONS_KEY);
  } catch {
    // Storage disabled: nothing was kept.
  }
  void client?.invalidateQueries({ queryKey: OPS_LOCATIONS_KEY });
}

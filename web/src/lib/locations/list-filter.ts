import type { LocationSummary } from './types';

export interface ListFilters {
  /** 'Filter fridges': id or prettyName, case-insensitive contains. */
  text: string;
  /** Driver (route); '' = All Drivers. */
  driver: string;
  /** LIVE, DEAD, OFFLINE; '' = all. */
  status: string;
  /** ON, OFF; '' = all. */
  allocation: string;
}

export const NO_FILTERS: ListFilters = { text: '', driver: '', status: '', allocation: '' };

export const allocationOf = (l: LocationSummary): 'ON' | 'OFF' => (Number(l.prod) === 1 ? 'ON' : 'OFF');

const eqi = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

export function filterLocations(list: LocationSummary[], f: ListFilters): LocationSummary[] {
  const text = f.text.trim().toLowerCase();
  return list.filter((l) => {
    if (text && !l.id.toLowerCase().includes(text) && !(l.prettyName ?? '').toLowerCase().includes(text)) {
      return false;
    }
    if (f.driver && !eqi(l.route, f.driver)) return false;
    if (f.status && !eqi(l.status, f.status)) return false;
    if (f.allocation && !eqi(allocationOf(l), f.allocation)) return false;
    return true;
  });
}

const STATUS_RANK: Record<string, number> = { LIVE: 0, OFFLINE: 1, DEAD: 2 };
const rank = (s: string | null | undefined) => STATUS_RANK[(s ?? '').toUpperCase()] ?? 3;
const byId = (a: LocationSummary, b: LocationSummary) => a.id.localeCompare(b.id);

/**
 * Sorting (§9): by id when no route is filtered; otherwise by status
 * (LIVE, OFFLINE, DEAD, others), LIVE entries by stop, the rest by id.
 */
export function sortLocations(list: LocationSummary[], driverFiltered: boolean): LocationSummary[] {
  const out = [...list];
  if (!driverFiltered) return out.sort(byId);
  return out.sort((a, b) => {
    const r = rank(a.status) - rank(b.status);
    if (r !== 0) return r;
    if (rank(a.status) === 0) {
      const sa = a.stop ?? Number.MAX_SAFE_INTEGER;
      const sb = b.stop ?? Number.MAX_SAFE_INTEGER;
      if (sa !== sb) return sa - sb;
    }
    return byId(a, b);
  });
}

export function visibleLocations(list: LocationSummary[], f: ListFilters): LocationSummary[] {
  return sortLocations(filterLocations(list, f), f.driver !== '');
}

/** Drivers = distinct non-empty route values, sorted. */
export function driversOf(list: LocationSummary[]): string[] {
  const set = new Set<string>();
  for (const l of list) {
    const r = (l.route ?? '').trim();
    if (r) set.add(r);
  }
  return [...set].sort((a, b) => a.localeCompare(b));
}

/** Replaces entries by id and adds new ones. */
export function mergeLocations(base: LocationSummary[], update: LocationSummary[]): LocationSummary[] {
  const map = new Map(base.map((l) => [l.id, l]));
  for (const l of update) map.set(l.id, l);
  return [...map.values()];
}

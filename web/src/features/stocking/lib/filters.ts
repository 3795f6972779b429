/** 2-fleet §9: regions and markets; the dashboard's region filter adds ALL. */
export const REGIONS = ['ALL', 'MW', 'NE', 'WC', 'S'] as const;
export const MARKETS = ['ALL', 'MW', 'NE', 'WC', 'S'] as const;
export type Area = (typeof MARKETS)[number];
/** The server's limit on routes named in one request. */
export const MAX_ROUTES = 100;

/** What the dashboard reads: the searched filters. `routes` empty means every route. */
export interface DashboardQuery {
  dropOffDate: string;
  region: Area;
  market: Area;
  routes: string[];
}

/** The browser-storage name of the dashboard filters (kept per user, 2-fleet §3). */
export const FILTERS_PREF = 'stockingDashboardFilters';

/** The filters kept in the browser for the user (2-fleet §3 browser storage). */
export interface StoredFilters extends DashboardQuery {
  /** Searched at least once: a reload goes straight to the results. */
  searched: boolean;
}

export const EMPTY_FILTERS: StoredFilters = {
  dropOffDate: '',
  region: 'ALL',
  market: 'ALL',
  routes: [],
  searched: false,
};

const isArea = (v: unknown): v is Area => typeof v === 'string' && (MARKETS as readonly string[]).includes(v);
const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The stored filters as the screen can use them: browser storage is not
 * trusted (an old version, another tab, a hand edit), so anything unexpected
 * falls back field by field.
 */
export function readStoredFilters(raw: unknown): StoredFilters {
  if (!raw || typeof raw !== 'object') return EMPTY_FILTERS;
  const r = raw as Record<string, unknown>;
  const routes = Array.isArray(r.routes) ? r.routes.filter((x): x is string => typeof x === 'string') : [];
  const dropOffDate = isDate(r.dropOffDate) ? r.dropOffDate : '';
  return {
    dropOffDate,
    region: isArea(r.region) ? r.region : 'ALL',
    market: isArea(r.market) ? r.market : 'ALL',
    routes: [...new Set(routes)].slice(0, MAX_ROUTES),
    searched: r.searched === true && dropOffDate !== '',
  };
}

/** The query the stored filters search. */
export function toQuery(f: StoredFilters): DashboardQuery {
  return { dropOffDate: f.dropOffDate, region: f.region, market: f.market, routes: [...f.routes].sort() };
}

/** Routes whose market passes both the region and the market filter (a region is its one market). */
export function routesInArea<T extends { market: string }>(routes: T[], region: Area, market: Area): T[] {
  const passes = (area: Area, m: string) => area === 'ALL' || area.toUpperCase() === m.toUpperCase();
  return routes.filter((r) => passes(region, r.market) && passes(market, r.market));
}

/** The chosen routes that still exist among `available` (a date change drops the others). */
export function keepAvailable(chosen: string[], available: string[]): string[] {
  const known = new Set(available);
  return chosen.filter((r) => known.has(r));
}

/**
 * The routes a search asks for: the chosen ones that still exist among `options` (the routes of the date). Every
 * route of the region and market chosen, past the server's MAX_ROUTES (Select ALL on a day of 125 or 500 routes),
 * is asked as every route (`[]`): the server keeps the same stops by region and market, and the list need not fit.
 */
export function routesToSearch<T extends { route: string; market: string }>(
  chosen: string[],
  options: T[] | undefined,
  region: Area,
  market: Area,
): string[] {
  if (!options) return chosen;
  const routes = keepAvailable(
    chosen,
    options.map((o) => o.route),
  );
  if (routes.length <= MAX_ROUTES) return routes;
  const picked = new Set(routes);
  const everyInArea = routesInArea(options, region, market).every((o) => picked.has(o.route));
  return everyInArea ? [] : routes;
}

/** The server's filter of a search: no routes chosen is every route of the date (`routes: null`). */
export const serverFilter = (query: DashboardQuery) => ({
  ...query,
  routes: query.routes.length ? query.routes : null,
});

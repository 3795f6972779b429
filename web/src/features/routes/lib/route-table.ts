import type { RouteStop } from '../api/location-routes';

export const REGIONS = ['ALL', 'MW', 'NE', 'WC', 'S'] as const;
export type Region = (typeof REGIONS)[number];
export const NO_ROUTES = 'No routes available for given date';

export function inRegion(stops: RouteStop[], region: Region): RouteStop[] {
  return region === 'ALL' ? stops : stops.filter((s) => s.market === region);
}

/** A pastel colour from the route's name: the same name, the same colour, on every load. */
export function routeColour(route: string): string {
  let h = 0;
  for (const c of route) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return `hsl(${h % 360}, 70%, 92%)`;
}

/** A route's whole count on the date: its stops, and its totes (the server's toteCountPerRoute, else the stops' sum). */
export interface RouteTotal {
  stops: number;
  totes: number;
}

/** Each route's total over every stop it has (not only those a text filter leaves in view). */
export function routeTotals(stops: RouteStop[]): Map<string, RouteTotal> {
  const byRoute = new Map<string, RouteStop[]>();
  for (const s of stops) {
    const rs = byRoute.get(s.route);
    if (rs) rs.push(s);
    else byRoute.set(s.route, [s]);
  }
  return new Map(
    [...byRoute].map(([route, rs]) => {
      const perRoute = rs.find((s) => s.toteCountPerRoute != null)?.toteCountPerRoute;
      const totes = perRoute ?? rs.reduce((n, s) => n + (s.toteCountPerStop ?? 0), 0);
      return [route, { stops: rs.length, totes }];
    }),
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The SUMMARY line of a route (1-locations §2.7: the route's stop and tote counts), saying how many of its stops
 *  are in view when a filter hides some. */
export function routeSummary(total: RouteTotal, inView = total.stops): string {
  const summary = `SUMMARY: ${plural(total.stops, 'stop', 'stops')}, ${plural(total.totes, 'tote', 'totes')}`;
  return inView < total.stops ? `${summary} (${inView} shown)` : summary;
}

/** MM/dd/y as the spec's date picker shows it. */
export function usDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

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

/** The SUMMARY line of a route: its stops and totes. */
export function routeSummary(stops: RouteStop[]): string {
  const totes = stops.reduce((n, s) => n + (s.toteCountPerStop ?? 0), 0);
  return `SUMMARY: ${stops.length} ${stops.length === 1 ? 'stop' : 'stops'}, ${totes} ${totes === 1 ? 'tote' : 'totes'}`;
}

/** MM/dd/y as the spec's date picker shows it. */
export function usDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/**
 * Find a stop (issue 61): the board narrowed to the stops whose location (id or name), route or driver holds a
 * text, and to some statuses. It reads the answer, not the page: a card renders its table only near the viewport,
 * so the browser's own Find misses the stops of the cards below.
 */
import type { DashboardRoute, DashboardStop } from './dashboard-types';
import { marksStop, type AttentionMark } from './attention';

/** What the board is narrowed to: a text, and statuses (none: every status). */
export interface StopFilter {
  text: string;
  statuses: ReadonlySet<string>;
}

/** The text as it is matched: trimmed, in lower case. */
export const needleOf = (text: string) => text.trim().toLowerCase();

/** What a filter keeps, as a key: '' when it keeps everything. */
export function filterKey(filter: StopFilter): string {
  const needle = needleOf(filter.text);
  if (!needle && filter.statuses.size === 0) return '';
  return JSON.stringify([needle, [...filter.statuses].sort()]);
}

// Each stop's searched words, made once per stop: a route the live board did not change keeps its stop objects.
const words = new WeakMap<DashboardStop, string>();
function wordsOf(stop: DashboardStop): string {
  let w = words.get(stop);
  if (w === undefined) {
    // One field a line: the text (one line) never matches across two fields.
    w = [
      stop.locationId,
      stop.locationName,
      stop.driver,
      stop.driverEmail,
      stop.assignedDriver,
      stop.assignedDriverEmail,
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    words.set(stop, w);
  }
  return w;
}

/** Whether a stop's location id or name, or its driver (the one shown or the assignee), holds `needle`. */
export const stopHolds = (stop: DashboardStop, needle: string) => wordsOf(stop).includes(needle);

/** A card as the search shows it: its route, and the stops it keeps (undefined: every stop, nothing searched). */
export interface ShownRoute {
  route: DashboardRoute;
  stops?: DashboardStop[];
}

export interface StopSearchResult {
  /** Something is searched: the cards show what it keeps. */
  filtering: boolean;
  /** The cards shown, in the answer's order. */
  routes: ShownRoute[];
  /** The stops kept. */
  matches: number;
  /** Routes whose stops are still on their way: not searched yet, so not shown (unless their name matches). */
  waiting: number;
}

/** The stops each route kept for a filter (its key): the same array while neither changes, for the memoised cards. */
export type StopSearchCache = WeakMap<DashboardRoute, { key: string; stops: DashboardStop[] }>;

/**
 * The routes and stops a filter keeps: a stop whose words hold the text (or whose route's name does), and whose
 * status is one of those chosen; a route that keeps none is left out. One pass over the answer's stops.
 */
export function searchStops(
  routes: readonly DashboardRoute[],
  filter: StopFilter,
  cache?: StopSearchCache,
): StopSearchResult {
  const key = filterKey(filter);
  if (!key) return { filtering: false, routes: routes.map((route) => ({ route })), matches: 0, waiting: 0 };
  const needle = needleOf(filter.text);
  const { statuses } = filter;
  const shown: ShownRoute[] = [];
  let matches = 0;
  let waiting = 0;
  for (const route of routes) {
    const named = needle !== '' && route.route.toLowerCase().includes(needle);
    // A route found by its name is shown whole (when no status narrows it), its stops on their way or not.
    const whole = named && statuses.size === 0;
    if (!route.stops) {
      if (whole) shown.push({ route });
      else waiting++;
      continue;
    }
    const cached = cache?.get(route);
    let stops: DashboardStop[];
    if (cached?.key === key) stops = cached.stops;
    else {
      stops = route.stops.filter(
        (s) => (statuses.size === 0 || statuses.has(s.status)) && (!needle || named || stopHolds(s, needle)),
      );
      cache?.set(route, { key, stops });
    }
    matches += stops.length;
    if (stops.length || whole) shown.push({ route, stops });
  }
  return { filtering: true, routes: shown, matches, waiting };
}

/** Whether what a Needs-attention Show jumps to (a stop, or a route's card) is among what the search shows. */
export function searchShows(result: StopSearchResult, mark: Omit<AttentionMark, 'seq'>): boolean {
  if (!result.filtering) return true;
  const card = result.routes.find((r) => r.route.route === mark.route);
  if (!card) return false;
  if (mark.stop === null || !card.stops) return true;
  return card.stops.some((s) => marksStop({ ...mark, seq: 0 }, s));
}

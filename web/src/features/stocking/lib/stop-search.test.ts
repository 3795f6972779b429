import { describe, expect, it } from 'vitest';
import { liveRoute, liveStop } from './live-fixtures';
import { filterKey, searchShows, searchStops, type StopSearchCache } from './stop-search';

const R1 = liveRoute('R1', [
  liveStop({ stop: 1, locationId: 'CHI_0001', locationName: 'Willis Tower', driver: 'Ann Lee', status: 'COMPLETED' }),
  liveStop({
    stop: 2,
    stockingIndex: 2,
    locationId: 'CHI_0002',
    locationName: 'Navy Pier',
    driver: 'Ops Lead',
    assignedDriver: 'ann@fleet.local',
    notAssignee: true,
  }),
]);
const R2 = liveRoute('NYC-7', [liveStop({ stop: 1, routeName: 'NYC-7', locationId: 'NYC_0001', locationName: null })]);
/** A route whose rows the answer left out (on their way). */
const LATE = liveRoute('R9', null);
const ROUTES = [R1, R2, LATE];

const search = (text: string, statuses: string[] = [], cache?: StopSearchCache) =>
  searchStops(ROUTES, { text, statuses: new Set(statuses) }, cache);
/** Each shown card as 'route: location ids' ('*': every stop). */
const shown = (text: string, statuses: string[] = []) =>
  search(text, statuses).routes.map(
    (r) => `${r.route.route}: ${r.stops ? r.stops.map((s) => s.locationId).join(' ') : '*'}`,
  );

describe('searchStops', () => {
  it('keeps every card, whole, when nothing is searched (blank text counts as none)', () => {
    for (const text of ['', '   ']) {
      const result = search(text);
      expect(result.filtering).toBe(false);
      expect(result.routes.map((r) => r.route)).toEqual(ROUTES);
      expect(result.routes.every((r) => r.stops === undefined)).toBe(true);
    }
    expect(filterKey({ text: ' ', statuses: new Set() })).toBe('');
  });

  it("finds a stop by its location's id or name, in any case, and hides the routes without one", () => {
    expect(shown('chi_0002')).toEqual(['R1: CHI_0002']);
    expect(shown('  WILLIS ')).toEqual(['R1: CHI_0001']);
    expect(shown('chi_000')).toEqual(['R1: CHI_0001 CHI_0002']);
    expect(shown('nyc_')).toEqual(['NYC-7: NYC_0001']);
    const none = search('nowhere');
    expect(none.routes).toEqual([]);
    expect(none.matches).toBe(0);
  });

  it("finds a stop by its driver, the one shown (a name) or the route's assignee (an e-mail)", () => {
    expect(shown('ann lee')).toEqual(['R1: CHI_0001']);
    expect(shown('ANN@FLEET')).toEqual(['R1: CHI_0002']);
    expect(shown('ops lead')).toEqual(['R1: CHI_0002']);
  });

  it('never matches across two fields', () => {
    expect(shown('tower ann')).toEqual([]);
    expect(shown('chi_0001 willis')).toEqual([]);
  });

  it('shows a route found by its name whole, its rows on their way or not', () => {
    expect(shown('nyc-7')).toEqual(['NYC-7: NYC_0001']);
    expect(shown('r9')).toEqual(['R9: *']);
    expect(shown('r')).toEqual(['R1: CHI_0001 CHI_0002', 'R9: *']);
  });

  it('counts the stops kept, and the routes not searched yet because their rows are on their way', () => {
    const result = search('chi');
    expect(result.matches).toBe(2);
    expect(result.waiting).toBe(1);
    expect(search('r9').waiting).toBe(0);
  });

  it('keeps the statuses chosen, alone or with the text', () => {
    expect(shown('', ['COMPLETED'])).toEqual(['R1: CHI_0001']);
    expect(shown('', ['COMPLETED', 'NOT_STARTED'])).toEqual(['R1: CHI_0001 CHI_0002', 'NYC-7: NYC_0001']);
    expect(shown('chi_0002', ['COMPLETED'])).toEqual([]);
    expect(shown('nyc-7', ['COMPLETED'])).toEqual([]);
    // A status cannot be told of rows on their way: the route waits.
    expect(search('r9', ['COMPLETED']).waiting).toBe(1);
  });

  it('gives a route that did not change the very stops it kept, until the search changes', () => {
    const cache: StopSearchCache = new WeakMap();
    const first = search('chi', [], cache).routes[0].stops;
    expect(search('chi', [], cache).routes[0].stops).toBe(first);
    expect(search(' CHI', [], cache).routes[0].stops).toBe(first);
    expect(search('chi_0001', [], cache).routes[0].stops).not.toBe(first);
    // A new answer of the route (a live read changed it) is searched again.
    const changed = { ...R1, stops: [...R1.stops!] };
    expect(searchStops([changed], { text: 'chi_0001', statuses: new Set() }, cache).routes[0].stops).not.toBe(
      search('chi_0001', [], cache).routes[0].stops,
    );
  });

  it('searches a day of 10,000 stops', () => {
    const routes = Array.from({ length: 125 }, (_, r) =>
      liveRoute(
        `R${r}`,
        Array.from({ length: 80 }, (_, s) =>
          liveStop({ stop: s + 1, routeName: `R${r}`, locationId: `LOC_${r}_${s}`, driver: `driver${r}@fleet.local` }),
        ),
      ),
    );
    const result = searchStops(routes, { text: 'loc_12_7', statuses: new Set() });
    expect(result.routes.map((r) => r.stops!.map((s) => s.locationId))).toEqual([
      [
        'LOC_12_7',
        'LOC_12_70',
        'LOC_12_71',
        'LOC_12_72',
        'LOC_12_73',
        'LOC_12_74',
        'LOC_12_75',
        'LOC_12_76',
        'LOC_12_77',
        'LOC_12_78',
        'LOC_12_79',
      ],
    ]);
    expect(searchStops(routes, { text: 'DRIVER7@', statuses: new Set() }).matches).toBe(80);
  });
});

describe('searchShows', () => {
  const at = (route: string, stop: number | null, locationId: string | null = null) => ({
    route,
    stop,
    stockingIndex: null,
    locationId,
  });

  it('shows everything when nothing is searched', () => {
    expect(searchShows(search(''), at('R7', 3))).toBe(true);
  });

  it("tells whether a Show's stop, or route card, is among what the search shows", () => {
    const result = search('chi_0002');
    expect(searchShows(result, at('R1', 2, 'CHI_0002'))).toBe(true);
    expect(searchShows(result, at('R1', 1, 'CHI_0001'))).toBe(false);
    expect(searchShows(result, at('R1', null))).toBe(true);
    expect(searchShows(result, at('NYC-7', null))).toBe(false);
    expect(searchShows(search('r9'), at('R9', 4))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { inRegion, routeColour, routeSummary, routeTotals, usDate } from './route-table';

const stop = (route: string, market: string, totes: number | null) => ({
  route,
  stop: 1,
  market,
  id: 'X',
  stockingDate: '2026-11-23',
  stopType: 'DELIVERY',
  stockingIndex: 1,
  toteCountPerStop: totes,
  toteCountPerRoute: null,
});

describe('the routes table', () => {
  it('filters by region, summarises a route and keeps one colour per route name', () => {
    const stops = [stop('a', 'MW', 2), stop('a', 'MW', 0), stop('b', 'NE', 1)];
    expect(inRegion(stops, 'NE').map((s) => s.route)).toEqual(['b']);
    expect(inRegion(stops, 'ALL')).toHaveLength(3);
    expect(routeSummary({ stops: 2, totes: 2 })).toBe('SUMMARY: 2 stops, 2 totes');
    expect(routeSummary({ stops: 1, totes: 0 })).toBe('SUMMARY: 1 stop, 0 totes');
    expect(routeSummary({ stops: 5, totes: 1 }, 2)).toBe('SUMMARY: 5 stops, 1 tote (2 shown)');
    // The server's count for the route wins; without it, the stops' sum.
    const counted = { ...stop('c', 'S', 4), toteCountPerRoute: 9 };
    expect(routeTotals([...stops, counted, { ...counted, toteCountPerStop: 5 }])).toEqual(
      new Map([
        ['a', { stops: 2, totes: 2 }],
        ['b', { stops: 1, totes: 1 }],
        ['c', { stops: 2, totes: 9 }],
      ]),
    );
    expect(routeColour('chi-01')).toBe(routeColour('chi-01'));
    expect(routeColour('chi-01')).not.toBe(routeColour('chi-02'));
    expect(routeColour('x')).toMatch(/^hsl\(\d+, 70%, 92%\)$/);
    expect(usDate('2026-11-03')).toBe('11/03/2026');
  });
});

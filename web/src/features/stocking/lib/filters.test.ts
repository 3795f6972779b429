import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, MAX_ROUTES, keepAvailable, readStoredFilters, routesInArea, toQuery } from './filters';

describe('readStoredFilters', () => {
  it('keeps well-formed stored filters', () => {
    const stored = { dropOffDate: '2026-11-24', region: 'MW', market: 'ALL', routes: ['R2', 'R1'], searched: true };
    expect(readStoredFilters(stored)).toEqual(stored);
  });

  it('falls back field by field on anything unexpected', () => {
    expect(readStoredFilters(null)).toEqual(EMPTY_FILTERS);
    expect(readStoredFilters('x')).toEqual(EMPTY_FILTERS);
    expect(
      readStoredFilters({ dropOffDate: 'yesterday', region: 'XX', market: 3, routes: 'R1', searched: true }),
    ).toEqual(EMPTY_FILTERS);
    // Searched without a date cannot go straight to results.
    expect(readStoredFilters({ searched: true }).searched).toBe(false);
  });

  it('never throws and always answers usable filters, whatever is stored', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const f = readStoredFilters(raw);
        expect(['ALL', 'MW', 'NE', 'WC', 'S']).toContain(f.region);
        expect(['ALL', 'MW', 'NE', 'WC', 'S']).toContain(f.market);
        expect(f.routes.every((r) => typeof r === 'string')).toBe(true);
        expect(f.routes.length).toBeLessThanOrEqual(MAX_ROUTES);
        expect(f.searched ? /^\d{4}-\d{2}-\d{2}$/.test(f.dropOffDate) : true).toBe(true);
      }),
    );
  });

  it('drops repeated routes', () => {
    expect(readStoredFilters({ routes: ['R1', 'R1', 'R2'] }).routes).toEqual(['R1', 'R2']);
  });
});

describe('filters', () => {
  const routes = [
    { route: 'R1', market: 'MW' },
    { route: 'R2', market: 'NE' },
    { route: 'R3', market: 'mw' },
  ];

  it('a region and a market each keep their market only', () => {
    expect(routesInArea(routes, 'ALL', 'ALL').map((r) => r.route)).toEqual(['R1', 'R2', 'R3']);
    expect(routesInArea(routes, 'MW', 'ALL').map((r) => r.route)).toEqual(['R1', 'R3']);
    expect(routesInArea(routes, 'ALL', 'NE').map((r) => r.route)).toEqual(['R2']);
    expect(routesInArea(routes, 'MW', 'NE')).toEqual([]);
  });

  it('keeps only the chosen routes that the date still has', () => {
    expect(keepAvailable(['R1', 'R9'], ['R1', 'R2'])).toEqual(['R1']);
  });

  it('the query sorts the routes, so the same choice is the same request', () => {
    expect(toQuery({ ...EMPTY_FILTERS, dropOffDate: '2026-11-24', routes: ['R2', 'R1'] }).routes).toEqual(['R1', 'R2']);
  });
});

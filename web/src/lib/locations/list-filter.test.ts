import { describe, expect, it } from 'vitest';
import { driversOf, filterLocations, mergeLocations, sortLocations, visibleLocations, NO_FILTERS } from './list-filter';
import type { LocationSummary } from './types';

const L = (id: string, over: Partial<LocationSummary> = {}): LocationSummary => ({
  id,
  prettyName: `${id} name`,
  route: 'r1',
  stop: 1,
  status: 'LIVE',
  prod: 1,
  ...over,
});

const list = [
  L('CHI_0002', { prettyName: 'Willis Tower', route: 'Driver A', stop: 5 }),
  L('CHI_0001', { route: 'driver a', stop: 2 }),
  L('NYC_0001', { route: 'Driver B', status: 'OFFLINE', prod: 0 }),
  L('CHI_0003', { route: 'Driver A', status: 'DEAD', stop: 1 }),
  L('CHI_0004', { route: 'Driver A', status: 'OFFLINE', stop: 0 }),
];

describe('filterLocations', () => {
  it('matches id or prettyName, case-insensitive contains', () => {
    expect(filterLocations(list, { ...NO_FILTERS, text: 'chi_000' }).map((l) => l.id)).toHaveLength(4);
    expect(filterLocations(list, { ...NO_FILTERS, text: 'willis' }).map((l) => l.id)).toEqual(['CHI_0002']);
  });
  it('matches the other filters exactly, case-insensitive', () => {
    expect(filterLocations(list, { ...NO_FILTERS, driver: 'DRIVER A' })).toHaveLength(4);
    expect(filterLocations(list, { ...NO_FILTERS, driver: 'Driver' })).toHaveLength(0);
    expect(filterLocations(list, { ...NO_FILTERS, status: 'offline' }).map((l) => l.id)).toEqual([
      'NYC_0001',
      'CHI_0004',
    ]);
    expect(filterLocations(list, { ...NO_FILTERS, allocation: 'OFF' }).map((l) => l.id)).toEqual(['NYC_0001']);
    expect(filterLocations(list, { ...NO_FILTERS, allocation: 'ON' })).toHaveLength(4);
  });
});

describe('sortLocations', () => {
  it('sorts by id without a driver filter', () => {
    expect(sortLocations(list, false).map((l) => l.id)).toEqual([
      'CHI_0001',
      'CHI_0002',
      'CHI_0003',
      'CHI_0004',
      'NYC_0001',
    ]);
  });
  it('sorts by status, LIVE by stop, with a driver filter', () => {
    expect(visibleLocations(list, { ...NO_FILTERS, driver: 'driver a' }).map((l) => l.id)).toEqual([
      'CHI_0001',
      'CHI_0002',
      'CHI_0004',
      'CHI_0003',
    ]);
  });
});

describe('helpers', () => {
  it('lists distinct drivers', () => {
    expect(driversOf([...list, L('X', { route: '' }), L('Y', { route: null })])).toEqual(
      ['Driver A', 'driver a', 'Driver B'].sort((a, b) => a.localeCompare(b)),
    );
  });
  it('merges by id', () => {
    const merged = mergeLocations([L('A', { status: 'LIVE' }), L('B')], [L('A', { status: 'DEAD' }), L('C')]);
    expect(merged.map((l) => `${l.id}:${l.status}`)).toEqual(['A:DEAD', 'B:LIVE', 'C:LIVE']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Pilot } from '../api/get-fridge-software-pilots';
import {
  applyFilter,
  DEFAULT_FILTER,
  filterLabel,
  fridgesInManyPilots,
  inventoryRows,
  isFiltered,
  NO_FILTER,
  NO_VERSION,
  pilotColour,
  pilotColours,
  typedIds,
} from './inventory';

const pilot = (id: string, fridgeIds: string[]): Pilot => ({
  id,
  fridgeIds,
  displayName: `${id} name`,
  stage: 1,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  description: 'd',
  active: true,
  version: 1,
});

const PILOTS = [pilot('P1', ['A', 'B']), pilot('P2', ['B', 'C'])];
const ROWS = inventoryRows(
  [
    { id: 'A', type: 'FRIDGE', status: 'LIVE' },
    { id: 'B', type: 'FRIDGE', status: 'LIVE' },
    { id: 'C', type: 'FRIDGE', status: 'DEAD' },
    { id: 'W', type: 'WHOLESALE', status: 'LIVE' },
  ],
  [
    {
      artifactType: 'FRIDGE_AGENT',
      versions: [
        { versionName: '2.16.0', fridgesDeployedTo: ['A'] },
        { versionName: '2.15.0', fridgesDeployedTo: ['C'] },
      ],
    },
  ],
  PILOTS,
);

describe('inventory rows and filter', () => {
  it('has one row per fridge with its versions and pilots', () => {
    expect(ROWS.map((r) => r.id)).toEqual(['A', 'B', 'C']);
    expect(ROWS[0].versions).toEqual({ FRIDGE_AGENT: '2.16.0' });
    expect(ROWS[1].pilots.map((p) => p.id)).toEqual(['P1', 'P2']);
  });

  it('filters by status (LIVE by default), versions including No Version, and intersects with a pilot', () => {
    expect(applyFilter(ROWS, DEFAULT_FILTER, PILOTS).map((r) => r.id)).toEqual(['A', 'B']);
    const agent = (versions: string[]) => ({ ...NO_FILTER, software: { type: 'FRIDGE_AGENT', versions } });
    expect(applyFilter(ROWS, agent(['2.16.0', '2.15.0']), PILOTS).map((r) => r.id)).toEqual(['A', 'C']);
    expect(applyFilter(ROWS, agent([NO_VERSION]), PILOTS).map((r) => r.id)).toEqual(['B']);
    expect(applyFilter(ROWS, { ...agent(['2.16.0', '2.15.0']), pilotId: 'P2' }, PILOTS).map((r) => r.id)).toEqual([
      'C',
    ]);
  });

  it('labels the button with every active filter', () => {
    expect(filterLabel(NO_FILTER, PILOTS)).toBe('FILTER');
    expect(isFiltered(NO_FILTER)).toBe(false);
    const f = {
      statuses: ['LIVE', 'DEAD'],
      software: { type: 'FRIDGE_AGENT', versions: ['2.16.0', NO_VERSION] },
      pilotId: 'P1',
    };
    expect(filterLabel(f, PILOTS)).toBe('FILTER • (LIVE, DEAD | Agent = 2.16.0, No Version | Pilot: P1 name) SELECTED');
  });

  it('finds fridges in several pilots, gives each pilot one colour, and reads typed ids', () => {
    expect(fridgesInManyPilots(PILOTS)).toEqual(['B']);
    expect(pilotColour('P1')).toBe(pilotColour('P1'));
    expect(pilotColour('P1')).not.toBe(pilotColour('P2'));
    // Among the pilots shown, each its own colour, far enough apart to tell, whatever their ids hash to.
    const ids = Array.from({ length: 12 }, (_, i) => `PILOT_${i}`);
    const colours = pilotColours([...ids, 'PILOT_3']);
    const hues = ids.map((id) => Number(/hsl\((\d+)/.exec(colours.get(id) ?? '')?.[1]));
    for (const [i, a] of hues.entries())
      for (const b of hues.slice(i + 1))
        expect(Math.min(Math.abs(a - b), 360 - Math.abs(a - b))).toBeGreaterThanOrEqual(24);
    expect(pilotColours(['P1']).get('P1')).toBe(pilotColour('P1'));
    expect(typedIds(' A \n\nB\r\nA\n')).toEqual(['A', 'B']);
  });
});

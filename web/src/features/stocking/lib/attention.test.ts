import { describe, expect, it } from 'vitest';
import {
  ALL_KINDS,
  ATTENTION_KINDS,
  attentionHelp,
  kindTone,
  itemPlace,
  marksStop,
  ofKind,
  openTotal,
  showLabel,
  type AttentionItem,
  type AttentionMark,
} from './attention';
import { KINDS, TEST_RULES, attentionItem } from './attention-fixtures';

const RULES = TEST_RULES;

const mark = (over: Partial<AttentionMark>): AttentionMark => ({
  route: 'R1',
  stop: 2,
  stockingIndex: 1,
  locationId: 'CHI_0002',
  seq: 1,
  ...over,
});

describe('attention', () => {
  it("words each kind's threshold, with the markets that start at another time", () => {
    const help = attentionHelp({
      ...RULES,
      routeStartsByMarket: { NE: '06:30', CHI: '07:30' },
      faultStates: ['TIMEOUT'],
    });
    expect(help.map((h) => h.kind)).toEqual([
      'ROUTE_NOT_STARTED',
      'STOP_STUCK',
      'DRIVER_QUIET',
      'TEMPERATURE',
      'FRIDGE_NEEDS_DRIVER',
      'UNREACHABLE',
      'ROUTE_CLAIMED',
    ]);
    expect(help.map((h) => h.kind)).toEqual([...ATTENTION_KINDS]);
    expect(help[0].text).toBe('no action on the route by 07:00 CT (CHI by 07:30 CT, NE by 06:30 CT)');
    expect(help[1].text).toBe('scanned and not stocked for more than 45 minutes');
    expect(help[4].text).toContain('shows Timeout, is out of order');
    expect(attentionHelp({ ...RULES, maxTemperatureF: 40.5 })[3].text).toContain('above 40.5 °F');
    expect(help[6].text).toBe(
      "a driver claimed a route without a driver by their first stop action on it (as the office's setting on View Routes allows); open until an operator takes it, or the office assigns or clears the route",
    );
  });

  it('colours a claimed route as news (info), like a route not started, and an unknown kind neutral', () => {
    expect(ATTENTION_KINDS.map(kindTone)).toEqual(['info', 'warning', 'warning', 'error', 'warning', 'error', 'info']);
    expect(kindTone('SOMETHING_NEW')).toBe('neutral');
  });

  it('places a claimed route at its route (no stop), and jumps to its card', () => {
    const claimed = attentionItem('ROUTE_CLAIMED|R4|2026-07-01', 'ROUTE_CLAIMED', { route: 'R4' });
    expect(claimed.kindLabel).toBe('Route claimed');
    expect(itemPlace(claimed)).toBe('Route R4');
    expect(showLabel(claimed)).toBe('Show route R4');
    expect(ofKind([claimed], 'ROUTE_CLAIMED')).toEqual([claimed]);
  });

  it('knows every kind the server sends, with its label, in the server order', () => {
    expect(KINDS.map(([kind]) => kind)).toEqual([...ATTENTION_KINDS]);
    expect(KINDS[6]).toEqual(['ROUTE_CLAIMED', 'Route claimed']);
  });

  it('marks the row of the stop a jump names, and none for a route', () => {
    const row = { stop: 2, stockingIndex: 1, locationId: 'CHI_0002' };
    expect(marksStop(mark({}), row)).toBe(true);
    expect(marksStop(mark({ stockingIndex: 2 }), row)).toBe(false);
    expect(marksStop(mark({ locationId: 'CHI_0009' }), row)).toBe(false);
    expect(marksStop(mark({ stop: 3 }), row)).toBe(false);
    expect(marksStop(mark({ stockingIndex: null, locationId: null }), row)).toBe(true);
    expect(marksStop(mark({ stop: null }), row)).toBe(false);
    expect(marksStop(undefined, row)).toBe(false);
  });

  it('filters by kind in the order given, and says where an item is', () => {
    const items = [
      { key: 'a', kind: 'STOP_STUCK', route: 'R1', stop: 3 },
      { key: 'b', kind: 'DRIVER_QUIET', route: 'R2', stop: null },
      { key: 'c', kind: 'STOP_STUCK', route: 'R1', stop: 1 },
    ] as AttentionItem[];
    expect(ofKind(items, ALL_KINDS).map((i) => i.key)).toEqual(['a', 'b', 'c']);
    expect(ofKind(items, 'STOP_STUCK').map((i) => i.key)).toEqual(['a', 'c']);
    expect(ofKind(items, 'UNREACHABLE')).toEqual([]);
    expect(itemPlace(items[0])).toBe('Route R1 · Stop 3');
    expect(itemPlace(items[1])).toBe('Route R2');
    expect(showLabel(items[0])).toBe('Show stop 3 of route R1');
    expect(showLabel(items[1])).toBe('Show route R2');
    expect(
      openTotal([
        { kind: 'A', label: 'A', open: 2, resolved: 0 },
        { kind: 'B', label: 'B', open: 3, resolved: 1 },
      ]),
    ).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { liveChange } from './live-fixtures';
import { OWN_MS, OwnChanges } from './own-changes';

describe('OwnChanges', () => {
  it("takes the event of this browser's own change for its own, for a while", () => {
    let now = 0;
    const own = new OwnChanges(() => now);
    own.note({ kind: 'ACTION', route: 'R1', locationId: 'CHI_0001', stockingIndex: 1 });
    expect(own.covers(liveChange())).toBe(true);
    expect(own.coversStop({ locationId: 'CHI_0001', stockingIndex: 1 })).toBe(true);
    // Another stop, another kind: someone else's.
    expect(own.covers(liveChange({ locationId: 'CHI_0002' }))).toBe(false);
    expect(own.covers(liveChange({ stockingIndex: 2 }))).toBe(false);
    expect(own.covers(liveChange({ kind: 'ACKNOWLEDGEMENT' }))).toBe(false);
    now = OWN_MS + 1;
    expect(own.covers(liveChange())).toBe(false);
    expect(own.coversStop({ locationId: 'CHI_0001', stockingIndex: 1 })).toBe(false);
  });

  it("knows an acknowledged item, and a route's item by its route", () => {
    const own = new OwnChanges(() => 0);
    own.note({ kind: 'ACKNOWLEDGEMENT', route: 'R2', locationId: null, stockingIndex: null, itemKey: 'k' });
    expect(own.coversItem({ key: 'k' })).toBe(true);
    expect(own.coversItem({ key: 'other' })).toBe(false);
    expect(own.covers(liveChange({ kind: 'ACKNOWLEDGEMENT', route: 'R2', locationId: null }))).toBe(true);
    expect(own.covers(liveChange({ kind: 'ACKNOWLEDGEMENT', route: 'R1', locationId: null }))).toBe(false);
    // An acknowledgement marks no stop as its own.
    expect(own.coversStop({ locationId: 'CHI_0001', stockingIndex: 1 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { attentionItem } from './attention-fixtures';
import { RECONNECT_SPREAD_MS, boardChanges, changesText, reconnectDelay, showsChange, stopRowId } from './live-changes';
import { liveBoard, liveChange, liveRoute, liveStop } from './live-fixtures';

const AT = '2026-07-01T16:00:05Z';

describe('showsChange: the read after an event shows it, or the page reads again', () => {
  const before = liveBoard([liveRoute('R1', [liveStop()], { lastActionAt: '2026-07-01T15:00:00Z' })]);

  it("does not show an action while the route's last action is older and nothing it names changed", () => {
    // The same board again: the read did not see the write yet.
    const after = liveBoard([liveRoute('R1', [liveStop()], { lastActionAt: '2026-07-01T15:00:00Z' })]);
    expect(showsChange(liveChange({ changedAt: AT }), before, after)).toBe(false);
  });

  it("shows an action once the route's last action is not older than the change", () => {
    const after = liveBoard([liveRoute('R1', [liveStop()], { lastActionAt: AT })]);
    expect(showsChange(liveChange({ changedAt: AT }), before, after)).toBe(true);
    const later = liveBoard([liveRoute('R1', [liveStop()], { lastActionAt: '2026-07-01T16:00:06Z' })]);
    expect(showsChange(liveChange({ changedAt: AT }), before, later)).toBe(true);
  });

  it("shows an action whose stop's row changed (the action's own time, the device's, is older than the write)", () => {
    const after = liveBoard([
      liveRoute('R1', [liveStop({ status: 'IN_PROGRESS', scannedAt: '2026-07-01T15:59:00Z' })], {
        lastActionAt: '2026-07-01T15:59:00Z',
      }),
    ]);
    expect(showsChange(liveChange({ changedAt: AT }), before, after)).toBe(true);
  });

  it("judges by the stop's row when both answers carry it: another stop's change is not this one", () => {
    const two = liveBoard([
      liveRoute('R1', [liveStop(), liveStop({ stop: 2, locationId: 'CHI_0002' })], {
        lastActionAt: '2026-07-01T15:00:00Z',
      }),
    ]);
    const otherChanged = liveBoard([
      liveRoute('R1', [liveStop(), liveStop({ stop: 2, locationId: 'CHI_0002', status: 'COMPLETED' })], {
        lastActionAt: '2026-07-01T15:00:00Z',
      }),
    ]);
    expect(showsChange(liveChange({ changedAt: AT }), two, otherChanged)).toBe(false);
    expect(showsChange(liveChange({ changedAt: AT, locationId: 'CHI_0002' }), two, otherChanged)).toBe(true);
  });

  it('judges by the route (progress, rows) when its rows are left out', () => {
    const partial = liveBoard([liveRoute('R1', null, { lastActionAt: '2026-07-01T15:00:00Z', done: 0 })]);
    const same = liveBoard([liveRoute('R1', null, { lastActionAt: '2026-07-01T15:00:00Z', done: 0 })]);
    const done = liveBoard([liveRoute('R1', null, { lastActionAt: '2026-07-01T15:00:00Z', done: 1 })]);
    expect(showsChange(liveChange({ kind: 'ASSIGNMENT', changedAt: AT }), partial, same)).toBe(false);
    expect(showsChange(liveChange({ kind: 'DROP_STATUS', changedAt: AT }), partial, done)).toBe(true);
  });

  it('shows an acknowledgement once the Needs-attention panel changed', () => {
    const item = attentionItem('k1', 'STOP_STUCK');
    const open = liveBoard([], [item]);
    const taken = liveBoard([], [{ ...item, taken: 'taken by ops at 10:00: on it' }]);
    const change = liveChange({ kind: 'ACKNOWLEDGEMENT', changedAt: AT });
    expect(showsChange(change, open, liveBoard([], [item]))).toBe(false);
    expect(showsChange(change, open, taken)).toBe(true);
  });

  it('needs no second read for what this board cannot show', () => {
    const after = liveBoard([liveRoute('R1', [liveStop()], { lastActionAt: '2026-07-01T15:00:00Z' })]);
    // A JIT change, a change without a route, a route these filters leave out, nothing shown before.
    expect(showsChange(liveChange({ kind: 'JIT' }), before, after)).toBe(true);
    expect(showsChange(liveChange({ route: null }), before, after)).toBe(true);
    expect(showsChange(liveChange({ route: 'R9' }), before, after)).toBe(true);
    expect(showsChange(liveChange(), undefined, after)).toBe(true);
  });
});

describe('boardChanges', () => {
  it('finds the changed rows of each route, and nothing for the very rows shown', () => {
    const r2 = liveRoute('R2', [liveStop({ routeName: 'R2', locationId: 'NYC_0001' })]);
    const before = liveBoard([liveRoute('R1', [liveStop(), liveStop({ stop: 2, locationId: 'CHI_0002' })]), r2]);
    const after = liveBoard([
      liveRoute('R1', [liveStop({ status: 'COMPLETED' }), liveStop({ stop: 2, locationId: 'CHI_0002' })]),
      r2,
    ]);
    const changes = boardChanges(before, after);
    expect([...changes.routes]).toEqual([['R1', new Set([stopRowId(liveStop())])]]);
    expect(changes.stops).toBe(1);
    expect(changes.items.size).toBe(0);
  });

  it('counts stops that came or went, and a new route with its rows', () => {
    const before = liveBoard([liveRoute('R1', [liveStop(), liveStop({ stop: 2, locationId: 'CHI_0002' })])]);
    const after = liveBoard([
      liveRoute('R1', [liveStop()]),
      liveRoute('R3', [liveStop({ routeName: 'R3', locationId: 'CHI_0003' })]),
    ]);
    const changes = boardChanges(before, after);
    expect(changes.stops).toBe(2);
    expect(changes.routes.get('R1')?.size).toBe(0);
    expect(changes.routes.get('R3')?.size).toBe(1);
  });

  it("does not take rows arriving (a long day's first answer, then the whole) for a change", () => {
    const first = liveBoard([liveRoute('R1', null)]);
    const whole = liveBoard([liveRoute('R1', [liveStop()])]);
    expect(boardChanges(first, whole).routes.size).toBe(0);
    // Without rows, a route's progress is compared.
    const progressed = liveBoard([liveRoute('R1', null, { done: 1 })]);
    expect([...boardChanges(first, progressed).routes.keys()]).toEqual(['R1']);
  });

  it('finds new and changed Needs-attention items, and those moved to Resolved', () => {
    const a = attentionItem('a', 'STOP_STUCK');
    const b = attentionItem('b', 'DRIVER_QUIET');
    const before = liveBoard([], [a, b]);
    const after = liveBoard([], [{ ...a, taken: 'taken by ops' }, attentionItem('c', 'TEMPERATURE')]);
    after.attention.resolved = [b];
    expect([...boardChanges(before, after).items].sort()).toEqual(['a', 'b', 'c']);
  });

  it("does not take a panel's rest arriving (a search's first answer carried each kind's first items) for a change", () => {
    const a = attentionItem('a', 'STOP_STUCK');
    const first = liveBoard([], [a]);
    first.attention = { ...first.attention, digest: '', whole: false };
    const whole = liveBoard([], [a, attentionItem('b', 'STOP_STUCK')]);
    expect(boardChanges(first, whole).items.size).toBe(0);
    // An item that was shown and changed still is one.
    const taken = liveBoard([], [{ ...a, taken: 'taken by ops' }, attentionItem('b', 'STOP_STUCK')]);
    expect([...boardChanges(first, taken).items]).toEqual(['a']);
  });

  it("leaves out this browser's own changes", () => {
    const before = liveBoard([liveRoute('R1', [liveStop()])], [attentionItem('a', 'STOP_STUCK')]);
    const after = liveBoard(
      [liveRoute('R1', [liveStop({ stockedAt: null, status: 'IN_PROGRESS' })])],
      [attentionItem('a', 'STOP_STUCK', { taken: 'taken by me' })],
    );
    const changes = boardChanges(
      before,
      after,
      (s) => s.locationId === 'CHI_0001',
      (i) => i.key === 'a',
    );
    expect(changes.routes.size).toBe(0);
    expect(changes.items.size).toBe(0);
    expect(changes.stops).toBe(0);
  });
});

describe('reconnectDelay', () => {
  it('spreads the read after a reconnection over 0-10 s, never beyond', () => {
    expect(RECONNECT_SPREAD_MS).toBe(10_000);
    expect(reconnectDelay(() => 0)).toBe(0);
    expect(reconnectDelay(() => 0.5)).toBe(5_000);
    expect(reconnectDelay(() => 0.999999)).toBeLessThan(10_000);
    // Whatever the source gives.
    expect(reconnectDelay(() => 1)).toBeLessThan(10_000);
    expect(reconnectDelay(() => -1)).toBe(0);
    for (let i = 0; i < 1_000; i++) {
      const d = reconnectDelay();
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(10_000);
    }
  });
});

describe('changesText', () => {
  it('says how many stops changed', () => {
    expect(changesText({ stops: 3, items: 0 })).toBe('3 stops changed');
    expect(changesText({ stops: 1, items: 0 })).toBe('1 stop changed');
    expect(changesText({ stops: 1, items: 2 })).toBe('1 stop and 2 Needs-attention items changed');
    expect(changesText({ stops: 0, items: 1 })).toBe('1 Needs-attention item changed');
    expect(changesText({ stops: 0, items: 0 })).toBe('');
  });
});

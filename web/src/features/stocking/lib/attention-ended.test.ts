import { describe, expect, it } from 'vitest';
import type { StockingDashboard } from './dashboard-types';
import type { AttentionItem, AttentionPanelData } from './attention';
import { keepEndedFridgeItems } from './attention-ended';
import { attentionItem } from './attention-fixtures';

const AS_OF = '2026-07-01T16:20:00Z'; // 11:20 Central

const fridgeItem = (key: string, stop: number, over: Partial<AttentionItem> = {}) =>
  attentionItem(key, 'FRIDGE_NEEDS_DRIVER', { stop, stockingIndex: 0, locationId: `L${stop}`, ...over });

const panel = (open: AttentionItem[], resolved: AttentionItem[] = []): AttentionPanelData => ({
  open,
  resolved,
  counts: [],
  digest: 'd',
  unchanged: false,
  whole: true,
});

/** An answer of route R1 whose stop 1 was stocked at `stockedAt` (or not). */
const answer = (attention: AttentionPanelData, stockedAt: string | null = null) =>
  ({
    asOf: AS_OF,
    routes: [{ route: 'R1', stops: [{ stop: 1, stockingIndex: 0, locationId: 'L1', stockedAt }] }],
    attention,
  }) as unknown as StockingDashboard;

describe('keepEndedFridgeItems', () => {
  it('moves a fridge item that left the open list to Resolved today, cleared by the time of the answer', () => {
    const shown = panel([fridgeItem('f1', 1)]);
    const kept = keepEndedFridgeItems(shown, answer(panel([])));
    expect(kept.open).toEqual([]);
    expect(kept.resolved).toEqual([{ ...fridgeItem('f1', 1), endedAt: AS_OF, endedHow: 'cleared by 11:20' }]);
  });

  it('says the stop was stocked when it was, at its stocked time', () => {
    const stockedAt = '2026-07-01T16:05:00Z';
    const kept = keepEndedFridgeItems(panel([fridgeItem('f1', 1)]), answer(panel([]), stockedAt));
    expect(kept.resolved[0]).toMatchObject({ endedAt: stockedAt, endedHow: 'stocked at 11:05' });
  });

  it('keeps the answer as it is while the item is still open, and without a panel shown', () => {
    const now = answer(panel([fridgeItem('f1', 1)]));
    expect(keepEndedFridgeItems(panel([fridgeItem('f1', 1)]), now)).toBe(now.attention);
    expect(keepEndedFridgeItems(undefined, now)).toBe(now.attention);
  });

  it('keeps what ended for the rest of the visit, newest first, and lets an item that opens again leave it', () => {
    const ended = fridgeItem('f2', 2, { endedAt: '2026-07-01T16:00:00Z', endedHow: 'cleared by 11:00' });
    const shown = panel([fridgeItem('f1', 1)], [ended]);
    const kept = keepEndedFridgeItems(shown, answer(panel([])));
    expect(kept.resolved.map((i) => i.key)).toEqual(['f1', 'f2']);

    const reopened = keepEndedFridgeItems(kept, answer(panel([fridgeItem('f2', 2)])));
    expect(reopened.open.map((i) => i.key)).toEqual(['f2']);
    expect(reopened.resolved.map((i) => i.key)).toEqual(['f1']);
  });

  it('leaves the other kinds to the server, which lists how they ended', () => {
    const stuck = attentionItem('s1', 'STOP_STUCK', { stop: 1 });
    const now = answer(panel([]));
    expect(keepEndedFridgeItems(panel([stuck]), now)).toBe(now.attention);
  });
});

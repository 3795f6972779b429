import type { StockingDashboard } from './dashboard-types';
import type { AttentionItem, AttentionPanelData } from './attention';
import { centralClock } from './dashboard';

const FRIDGE = 'FRIDGE_NEEDS_DRIVER';

/**
 * A fridge condition is known only as fleet health says now: the server keeps no history of it, so it lists
 * the item while the condition holds and the stop is not done, then drops it. The browser that showed it sees
 * it end: in the next answer of the same search, a fridge item that was open and is in neither list moves to
 * Resolved today, with when and how ("stocked at 11:05" when its stop was stocked, else "cleared by 11:20",
 * the answer's time). Such items stay for the rest of the visit; one that opens again leaves them.
 */
export function keepEndedFridgeItems(
  shown: AttentionPanelData | undefined,
  answer: StockingDashboard,
): AttentionPanelData {
  const panel = answer.attention;
  if (!shown) return panel;
  const listed = new Set([...panel.open, ...panel.resolved].map((i) => i.key));
  const left = (i: AttentionItem) => i.kind === FRIDGE && !listed.has(i.key);
  const ended = [
    ...shown.open.filter(left).map((item) => endedBy(item, answer)),
    // Ended in an earlier answer of this visit (the server never lists a fridge item as resolved).
    ...shown.resolved.filter(left),
  ];
  if (ended.length === 0) return panel;
  const at = (i: AttentionItem) => Date.parse(i.endedAt ?? '') || 0;
  const resolved = [...panel.resolved, ...ended].sort((a, b) => at(b) - at(a) || a.key.localeCompare(b.key));
  return { ...panel, resolved };
}

function endedBy(item: AttentionItem, answer: StockingDashboard): AttentionItem {
  const stop = answer.routes
    .find((r) => r.route === item.route)
    ?.stops?.find(
      (s) => s.stop === item.stop && (item.stockingIndex === null || s.stockingIndex === item.stockingIndex),
    );
  const endedAt = stop?.stockedAt ?? answer.asOf;
  const endedHow = stop?.stockedAt ? `stocked at ${centralClock(endedAt)}` : `cleared by ${centralClock(endedAt)}`;
  return { ...item, endedAt, endedHow };
}

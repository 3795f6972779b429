import type { ReportLocation } from '../api/get-pars-report';

export type Slot = ReportLocation['slots'][number];

/** The warehouse's order: zones 1 to 4, then 'other'; bay A before B; then the item. */
export function bySlot(a: Slot, b: Slot): number {
  const zone = (z: string) => (/^\d+$/.test(z) ? Number(z) : Number.POSITIVE_INFINITY);
  return (
    zone(a.zone) - zone(b.zone) ||
    a.zone.localeCompare(b.zone) ||
    a.bay.localeCompare(b.bay) ||
    a.item.localeCompare(b.item)
  );
}

/** A location's slots to pack: a need above 0 only (3-planning §2), in zone and bay order. */
export const packed = (slots: Slot[]): Slot[] => slots.filter((s) => s.need > 0).sort(bySlot);

/** The locations that have something to pack, each with its slots in zone and bay order. */
export function packingSlips(locations: ReportLocation[]): ReportLocation[] {
  return locations.map((l) => ({ ...l, slots: packed(l.slots) })).filter((l) => l.slots.length > 0);
}

/** Every location's slots summed per item, in zone and bay order. */
export function summary(locations: ReportLocation[]): Slot[] {
  const byItem = new Map<string, Slot>();
  for (const s of locations.flatMap((l) => l.slots)) {
    const found = byItem.get(s.item);
    if (found) found.need += s.need;
    else byItem.set(s.item, { ...s });
  }
  return packed([...byItem.values()]);
}

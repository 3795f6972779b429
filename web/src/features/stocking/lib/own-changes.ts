import type { StockingChange } from '../api/on-stocking-changed';

/** How long a change made in this browser is taken as its own: its answer was read meanwhile. */
export const OWN_MS = 30_000;

export interface OwnChange {
  kind: 'ACTION' | 'ACKNOWLEDGEMENT';
  route: string | null;
  locationId: string | null;
  stockingIndex: number | null;
  /** The Needs-attention item acknowledged. */
  itemKey?: string;
}

/**
 * The changes made in this browser (a supervisor's void or re-time, an acknowledgement) for OWN_MS: the user sees
 * the answer of their own call at once (the page reads the board after it), so the change does not flash as
 * someone else's (no mark), and its event does not come back as a second read.
 */
export class OwnChanges {
  private list: (OwnChange & { at: number })[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  note(change: OwnChange): void {
    this.prune();
    this.list.push({ ...change, at: this.now() });
  }

  /** The event of one of this browser's changes: the same kind at the same stop (or route, for a route's item). */
  covers(change: Pick<StockingChange, 'kind' | 'route' | 'locationId' | 'stockingIndex'>): boolean {
    this.prune();
    return this.list.some((o) => {
      if (o.kind !== change.kind) return false;
      if (o.locationId === null) return change.locationId === null && o.route !== null && o.route === change.route;
      return (
        o.locationId === change.locationId &&
        (o.stockingIndex === null || change.stockingIndex === null || o.stockingIndex === change.stockingIndex)
      );
    });
  }

  /** A stop this browser changed: its row is not marked. */
  coversStop(stop: { locationId: string; stockingIndex: number }): boolean {
    this.prune();
    return this.list.some(
      (o) =>
        o.kind === 'ACTION' &&
        o.locationId === stop.locationId &&
        (o.stockingIndex === null || o.stockingIndex === stop.stockingIndex),
    );
  }

  /** A Needs-attention item this browser acknowledged: not marked. */
  coversItem(item: { key: string }): boolean {
    this.prune();
    return this.list.some((o) => o.itemKey === item.key);
  }

  private prune(): void {
    const since = this.now() - OWN_MS;
    this.list = this.list.filter((o) => o.at >= since);
  }
}

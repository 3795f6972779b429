import type { StockingChange } from '../api/on-stocking-changed';
import type { DashboardRoute, DashboardStop, StockingDashboard } from './dashboard-types';

/** While live, the page also reads the board once a minute (issue 61). */
export const LIVE_READ_MS = 60_000;
/** A read that does not show its change yet is made again, 1 s after, up to 3 times. */
export const REREAD_MS = 1_000;
export const MAX_REREADS = 3;
/** After a reconnection, the read of everything is spread over 0-10 s: a fleet of consoles does not read at once. */
export const RECONNECT_SPREAD_MS = 10_000;
/** How long a changed row or Needs-attention item stays marked. */
export const CHANGED_MS = 10_000;

/** The delay before the read that follows a reconnection: 0 to RECONNECT_SPREAD_MS, never more. */
export function reconnectDelay(random: () => number = Math.random): number {
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.min(Math.floor(r * RECONNECT_SPREAD_MS), RECONNECT_SPREAD_MS - 1);
}

/** A stop's row on its card (DataTable's row id): which rows are marked as changed. */
export const stopRowId = (s: Pick<DashboardStop, 'stop' | 'stockingIndex' | 'locationId'>) =>
  `${s.stop}#${s.stockingIndex}#${s.locationId}`;

/** The kinds whose effect an answer shows in a way that can be checked; a JIT change is read, never re-read. */
const CHECKED_KINDS = ['ACTION', 'ASSIGNMENT', 'DROP_STATUS', 'ACKNOWLEDGEMENT'];

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The changed stop's row on a route, when the change names a stop and the route carries its rows. */
function rowOf(route: DashboardRoute, change: StockingChange): DashboardStop | undefined {
  return route.stops?.find(
    (s) =>
      s.locationId === change.locationId && (change.stockingIndex === null || s.stockingIndex === change.stockingIndex),
  );
}

/**
 * Whether `after`, the answer of a read made for `change`, shows it: when not, the page reads again (up to
 * MAX_REREADS times, REREAD_MS apart), since a read right after a write may not see it yet. `before` is the board
 * shown when the change arrived.
 *
 * An action is shown once its route's lastActionAt is not older than the change. That time is the device's
 * (occurredAt) and the change's is the write's, later, so the answer is also taken to show the change when what it
 * names differs from `before`: the stop's row, or else the route (rows, progress, last action); an
 * acknowledgement, when the Needs-attention panel does. A change this board cannot show (no route, a route not
 * searched, a JIT change) needs no second read.
 */
export function showsChange(
  change: StockingChange,
  before: StockingDashboard | undefined,
  after: StockingDashboard,
): boolean {
  if (!CHECKED_KINDS.includes(change.kind) || !before) return true;
  if (change.kind === 'ACKNOWLEDGEMENT') return before.attention.digest !== after.attention.digest;
  if (!change.route) return true;
  const now = after.routes.find((r) => r.route === change.route);
  const was = before.routes.find((r) => r.route === change.route);
  if (!now || !was) return true;
  const at = Date.parse(change.changedAt);
  if (change.kind === 'ACTION' && now.lastActionAt && !(Date.parse(now.lastActionAt) < at)) return true;
  if (change.locationId && was.stops && now.stops) {
    const [a, b] = [rowOf(was, change), rowOf(now, change)];
    if (a || b) return !same(a, b);
  }
  return (
    was.rowsDigest !== now.rowsDigest ||
    was.done !== now.done ||
    was.total !== now.total ||
    was.lastActionAt !== now.lastActionAt
  );
}

/** What differs between two answers of one search: what is marked for a while, and counted. */
export interface BoardChanges {
  /** Each route whose card changed, with its changed rows' ids (empty when its rows are not both shown). */
  routes: Map<string, Set<string>>;
  /** The Needs-attention items (keys) that are new or changed. */
  items: Set<string>;
  /** Stops whose rows changed, came or went. */
  stops: number;
}

type Item = StockingDashboard['attention']['open'][number];

/**
 * The changes from `before` to `after` (two answers of the same filters). A route whose rows one answer left out
 * (a long day's first answer) is compared by its progress only: rows arriving are not a change, nor are the
 * Needs-attention items that a panel of each kind's first items left out. `skipStop` and
 * `skipItem` leave out what this browser changed itself (its own call's answer shows it: no flash).
 */
export function boardChanges(
  before: StockingDashboard,
  after: StockingDashboard,
  skipStop: (s: DashboardStop) => boolean = () => false,
  skipItem: (i: Item) => boolean = () => false,
): BoardChanges {
  const routes = new Map<string, Set<string>>();
  let stops = 0;
  const wasRoutes = new Map(before.routes.map((r) => [r.route, r] as const));
  for (const now of after.routes) {
    const was = wasRoutes.get(now.route);
    if (!was) {
      // A route that came (a new assignment in these filters): its card and rows are new.
      const ids = new Set((now.stops ?? []).filter((s) => !skipStop(s)).map(stopRowId));
      routes.set(now.route, ids);
      stops += ids.size;
      continue;
    }
    if (was.stops && now.stops) {
      if (was.stops === now.stops) continue; // unchanged: the very rows shown
      const old = new Map(was.stops.map((s) => [stopRowId(s), s] as const));
      const ids = new Set<string>();
      for (const s of now.stops) {
        const id = stopRowId(s);
        if (!same(old.get(id), s) && !skipStop(s)) ids.add(id);
        old.delete(id);
      }
      const gone = [...old.values()].filter((s) => !skipStop(s)).length;
      stops += ids.size + gone;
      if (ids.size || gone) routes.set(now.route, ids);
    } else if (was.done !== now.done || was.total !== now.total || was.lastActionAt !== now.lastActionAt) {
      routes.set(now.route, new Set());
    }
  }
  const shown = new Map<string, { item: Item; open: boolean }>();
  for (const item of before.attention.open) shown.set(item.key, { item, open: true });
  for (const item of before.attention.resolved) shown.set(item.key, { item, open: false });
  const items = new Set<string>();
  // A panel of each kind's first items (a search's first answer) did not show the others: their coming is the
  // rest of the panel, not a change.
  const unseen = !before.attention.whole;
  const check = (item: Item, open: boolean) => {
    const was = shown.get(item.key);
    if (!was && unseen) return;
    if (!skipItem(item) && (!was || was.open !== open || !same(was.item, item))) items.add(item.key);
  };
  after.attention.open.forEach((i) => check(i, true));
  after.attention.resolved.forEach((i) => check(i, false));
  return { routes, items, stops };
}

/** The polite live region's words: '3 stops changed', '1 stop and 2 Needs-attention items changed'. */
export function changesText({ stops, items }: { stops: number; items: number }): string {
  const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [
    ...(stops ? [n(stops, 'stop', 'stops')] : []),
    ...(items ? [n(items, 'Needs-attention item', 'Needs-attention items')] : []),
  ];
  return parts.length ? `${parts.join(' and ')} changed` : '';
}

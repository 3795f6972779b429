/**
 * The Needs-attention panel (issue 42): what on the stocking day needs an operator. The server works the items
 * out (functions/stocking/src/attention.rs) and words them; the browser lists, filters, exports and jumps to them.
 * The thresholds come from rules.json `attention` (the server's `RULES`), for the panel's help.
 */
import rules from '@/generated/rules.json';
import type { DataColumn } from '@/components/DataTable';
import { statusLabel, type Tone } from '@/components/StatusBadge';
import type { StockingDashboard } from './dashboard-types';
import { centralClock } from './dashboard';

export type AttentionPanelData = StockingDashboard['attention'];
export type AttentionItem = AttentionPanelData['open'][number];
export type AttentionKindCount = AttentionPanelData['counts'][number];

/** The kinds, in the server's order (its `Kind::ALL`). */
export const ATTENTION_KINDS = [
  'ROUTE_NOT_STARTED',
  'STOP_STUCK',
  'DRIVER_QUIET',
  'TEMPERATURE',
  'FRIDGE_NEEDS_DRIVER',
  'UNREACHABLE',
  'ROUTE_CLAIMED',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/**
 * Items a list shows before its 'Show all' (a busy day has some 90 open): the route cards stay near. A search's
 * first answer carries as many of each kind in each list (`ATTENTION_FIRST`).
 */
export const ITEMS_FIRST = 10;

/** The kind filter: every kind, or one kind's code. */
export const ALL_KINDS = 'ALL';

/** The panel's own texts. */
export const ATTENTION_MESSAGES = {
  heading: 'Needs attention',
  empty: 'Nothing needs attention.',
  noneOfKind: (label: string) => `Nothing open of the kind ${label}.`,
} as const;

/** The thresholds of each kind, as rules.json `attention` carries them (`Rules::export` of attention.rs). */
export interface AttentionRules {
  /** Central wall clock, HH:MM: a route with no action by then has not started. */
  routeStartsBy: string;
  /** Markets whose routes start by another time (market → HH:MM). */
  routeStartsByMarket: Record<string, string>;
  stuckMinutes: number;
  quietMinutes: number;
  maxTemperatureF: number;
  heartbeatMinutes: number;
  /** Vending states that keep a fridge from vending (codes, e.g. MOTOR_FAULT). */
  faultStates: string[];
}

/** rules.json `attention`: the thresholds the server applies. */
export const ATTENTION_RULES: AttentionRules = rules.attention;

/** How a kind's badge is coloured (its word and icon carry the meaning; the colour only adds to them). */
export function kindTone(kind: string): Tone {
  switch (kind) {
    case 'TEMPERATURE':
    case 'UNREACHABLE':
      return 'error';
    case 'STOP_STUCK':
    case 'FRIDGE_NEEDS_DRIVER':
    case 'DRIVER_QUIET':
      return 'warning';
    case 'ROUTE_NOT_STARTED':
    case 'ROUTE_CLAIMED':
      return 'info';
    default:
      return 'neutral';
  }
}

/** The items of one kind, or all (`ALL_KINDS`), in the order given. */
export function ofKind(items: readonly AttentionItem[], kind: string): AttentionItem[] {
  return kind === ALL_KINDS ? [...items] : items.filter((i) => i.kind === kind);
}

/** The open total: the sum of the kinds' counts. */
export const openTotal = (counts: readonly AttentionKindCount[]) => counts.reduce((n, c) => n + c.open, 0);

/** Where an item is: 'Route R1 · Stop 3' (the location is linked beside it). */
export function itemPlace(item: Pick<AttentionItem, 'route' | 'stop'>): string {
  return item.stop === null ? `Route ${item.route}` : `Route ${item.route} · Stop ${item.stop}`;
}

/** What a jump marks: a stop of a route card (its row), or the card itself (`stop` null). */
export interface AttentionMark {
  route: string;
  stop: number | null;
  stockingIndex: number | null;
  locationId: string | null;
  /** Counts the jumps, so choosing the same item again scrolls to it again. */
  seq: number;
}

/** Whether a stop's row is the one a mark names. */
export function marksStop(
  mark: AttentionMark | null | undefined,
  stop: { stop: number; stockingIndex: number; locationId: string },
): boolean {
  if (!mark || mark.stop === null || mark.stop !== stop.stop) return false;
  if (mark.stockingIndex !== null && mark.stockingIndex !== stop.stockingIndex) return false;
  return mark.locationId === null || mark.locationId === stop.locationId;
}

/** What a 'Show' button says to a screen reader: the stop, or the route of an item without one. */
export function showLabel(item: Pick<AttentionItem, 'route' | 'stop'>): string {
  return item.stop === null ? `Show route ${item.route}` : `Show stop ${item.stop} of route ${item.route}`;
}

const joinWords = (words: string[]) =>
  words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;

/** Each kind's threshold in words, for the panel's help. */
export function attentionHelp(r: AttentionRules): { kind: AttentionKind; text: string }[] {
  const markets = Object.entries(r.routeStartsByMarket)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([market, by]) => `${market} by ${by} CT`);
  const faults = r.faultStates.map((s) => statusLabel(s));
  return [
    {
      kind: 'ROUTE_NOT_STARTED',
      text: `no action on the route by ${r.routeStartsBy} CT${markets.length ? ` (${markets.join(', ')})` : ''}`,
    },
    { kind: 'STOP_STUCK', text: `scanned and not stocked for more than ${r.stuckMinutes} minutes` },
    {
      kind: 'DRIVER_QUIET',
      text: `the route's driver has recorded nothing for more than ${r.quietMinutes} minutes while stops are left`,
    },
    {
      kind: 'TEMPERATURE',
      text: `a van or stocking temperature above ${r.maxTemperatureF} °F; open until an operator takes it`,
    },
    {
      kind: 'FRIDGE_NEEDS_DRIVER',
      text:
        `a stop not yet done whose fridge has sent no heartbeat for more than ${r.heartbeatMinutes} minutes, ` +
        `is above ${r.maxTemperatureF} °F, ` +
        (faults.length ? `shows ${joinWords(faults)}, ` : '') +
        'is out of order or is on a food-safety hold',
    },
    { kind: 'UNREACHABLE', text: 'the driver could not reach the stop; open until an operator takes it' },
    {
      kind: 'ROUTE_CLAIMED',
      text: "a driver claimed a route without a driver by their first stop action on it (as the office's setting on View Routes allows); open until an operator takes it, or the office assigns or clears the route",
    },
  ];
}

/** A row of the panel's CSV: an item and whether it is open. */
export type AttentionRow = AttentionItem & { status: 'Open' | 'Resolved' };

/** The panel's CSV columns. */
export const ATTENTION_COLUMNS: DataColumn<AttentionRow>[] = [
  { id: 'status', header: 'Status', value: (r) => r.status },
  { id: 'kind', header: 'Kind', value: (r) => r.kindLabel },
  { id: 'route', header: 'Route', value: (r) => r.route },
  { id: 'stop', header: 'Stop', value: (r) => r.stop },
  { id: 'location', header: 'Location', value: (r) => r.locationId },
  { id: 'since', header: 'Since (CT)', value: (r) => r.sinceCentral },
  { id: 'facts', header: 'Facts', value: (r) => r.facts },
  { id: 'taken', header: 'Taken', value: (r) => r.taken },
  { id: 'ended', header: 'Ended (CT)', value: (r) => centralClock(r.endedAt) },
  { id: 'endedHow', header: 'Ended How', value: (r) => r.endedHow },
];

/** The rows of the CSV: the open items (oldest first), then the resolved (newest end first). */
export function attentionRows(open: readonly AttentionItem[], resolved: readonly AttentionItem[]): AttentionRow[] {
  return [
    ...open.map((i) => ({ ...i, status: 'Open' as const })),
    ...resolved.map((i) => ({ ...i, status: 'Resolved' as const })),
  ];
}

/** The fridge's health page (the route cards link their locations there too). */
export const fridgeHealthPath = (locationId: string) => `/locations/health/${encodeURIComponent(locationId)}`;

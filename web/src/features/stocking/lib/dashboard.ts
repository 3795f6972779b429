import type { DataColumn } from '@/components/DataTable';
import { statusLabel, type StatusLabels, type Tone } from '@/components/StatusBadge';
import { centralTime } from '@/lib/central-time';
import type { DashboardParts, DashboardStop } from './dashboard-types';

/** 2-fleet §9: the page refreshes every 2 minutes, at most 240 times. */
export const REFRESH_MS = 120_000;
export const MAX_REFRESHES = 240;

/** 2-fleet §8, dashboard. */
export const DASHBOARD_MESSAGES = {
  locationsFailed: 'Failed fetching locations fulfillment centers:',
  slipsFailed: 'Failed fetching Packing Slips:',
  actionsFailed: 'Something went wrong with fetching the following Driver Actions: ',
  stockedQueriedFailed: 'Error fetching stocked/queried locations. Some data may be missing.',
  healthFailed: 'Error getting fridge health data. Some data may be missing.',
  unhandled: 'Unhandled error during parallel fetches:',
  refreshLimit: 'You have been on this page for a while. Please refresh the page to continue.',
} as const;

/** The driver actions the dashboard reads in one part (their stocking-day window). */
export const DASHBOARD_EVENT_TYPES = [
  'PackingSlipQuery',
  'LocationStocked',
  'DropOffComplete',
  'LocationUnreachable',
  'VanTemperature',
  'InventoryRemoval',
  'ClearOutDecommission',
  'DropOverride',
];

/**
 * One warning per part the server could not read, in the spec's words; the
 * rest of the dashboard is still shown. The texts that end in ':' name what
 * was not read after it.
 */
export function partWarnings(parts: DashboardParts, dropOffDate: string): string[] {
  const out: string[] = [];
  if (parts.slips === 'FAILED')
    out.push(`${DASHBOARD_MESSAGES.slipsFailed} the route stops of ${dropOffDate} could not be read.`);
  if (parts.actions === 'FAILED') {
    out.push(`${DASHBOARD_MESSAGES.actionsFailed}${DASHBOARD_EVENT_TYPES.join(', ')}`);
    out.push(DASHBOARD_MESSAGES.stockedQueriedFailed);
  }
  if (parts.health === 'FAILED') out.push(DASHBOARD_MESSAGES.healthFailed);
  if (parts.locations === 'FAILED')
    out.push(`${DASHBOARD_MESSAGES.locationsFailed} account tiers and first stocking dates are missing.`);
  return out;
}

/** The §4.4 statuses in the spec's order: how a route's counts are listed. */
export const STOP_STATUSES = [
  'NOT_STARTED',
  'VAN_TEMPERATURE_SET',
  'IN_PROGRESS',
  'INCOMPLETE',
  'COMPLETED',
  'UNREACHABLE_INCOMPLETE',
  'UNREACHABLE_COMPLETE',
  'CLEAROUT_COMPLETE',
  'CLEAROUT_DECOMMISSION_COMPLETE',
] as const;

/** The §4.4 statuses the spec names its own way, spelled as the spec spells them; the others are their words. */
export const STOP_STATUS_LABELS: StatusLabels = {
  CLEAROUT_COMPLETE: 'Removal Complete',
  CLEAROUT_DECOMMISSION_COMPLETE: 'Decommision Complete',
};

/** A stop's status as the dashboard shows it ('Not Started', 'Removal Complete'); the CSV keeps the server's label. */
export const stopStatusLabel = (status: string) => statusLabel(status, STOP_STATUS_LABELS);

/** How a §4.4 status is coloured. */
export function statusTone(status: string): Tone {
  switch (status) {
    case 'COMPLETED':
    case 'CLEAROUT_COMPLETE':
    case 'CLEAROUT_DECOMMISSION_COMPLETE':
      return 'success';
    case 'IN_PROGRESS':
    case 'VAN_TEMPERATURE_SET':
      return 'info';
    case 'INCOMPLETE':
    case 'UNREACHABLE_COMPLETE':
      return 'warning';
    case 'UNREACHABLE_INCOMPLETE':
      return 'error';
    default:
      return 'neutral';
  }
}

/** 'HH:mm' of an instant in Central time, the dashboard's 'Scanned At (CT)' and 'Stocked At (CT)'. */
export function centralClock(instant: string | null | undefined): string {
  return instant ? centralTime(instant).slice(11, 16) : '';
}

/** 'just now', '5 min ago', '2 h 5 min ago': the time since a route's last action. */
export function timeSince(instant: string | null | undefined, now: number): string {
  if (!instant) return 'No action yet';
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return 'No action yet';
  const minutes = Math.max(0, Math.floor((now - at) / 60_000));
  if (minutes < 1) return 'Last action just now';
  if (minutes < 60) return `Last action ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return `Last action ${hours} h ${minutes % 60} min ago`;
}

/**
 * The card table's columns (2-fleet §2.4), also the CSV's. Their widths (RouteCard's fixed layout) add up to 71.5rem,
 * so at 1440 px every column fits a card (~73.75rem) without a sideways scroll; narrower, the card scrolls with the
 * stop, its location, its status and its driver pinned (12rem and 19.5rem), and each other column fits in what is
 * left at 768 px (~10rem).
 */
export const STOP_COLUMNS: DataColumn<DashboardStop>[] = [
  { id: 'stop', header: 'Stop', value: (s) => s.stop, width: '4rem' },
  { id: 'location', header: 'Location', value: (s) => s.locationId, width: '8rem' },
  { id: 'scannedAt', header: 'Scanned At (CT)', value: (s) => centralClock(s.scannedAt), width: '5rem' },
  // The time, History and a supervisor's Correct.
  { id: 'stockedAt', header: 'Stocked At (CT)', value: (s) => centralClock(s.stockedAt), width: '9.5rem' },
  { id: 'accountTier', header: 'Account Tier', value: (s) => s.accountTier, width: '5.5rem' },
  { id: 'onlineDate', header: 'First Stocking Date', value: (s) => s.onlineDate, width: '7.5rem' },
  { id: 'safetyHold', header: 'Safety Hold', value: (s) => s.safetyHold, width: '4.5rem' },
  {
    id: 'vendingState',
    header: 'Vending State Status',
    value: (s) => s.vendingStateLabel ?? s.vendingState,
    width: '8rem',
  },
  { id: 'status', header: 'Status', value: (s) => s.statusLabel, width: '9.5rem' },
  { id: 'driver', header: 'Driver', value: driverShown, width: '10rem' },
];

type DriverFields = Pick<DashboardStop, 'driver' | 'notAssignee' | 'assignedDriver'> &
  Partial<Pick<DashboardStop, 'driverEmail' | 'assignedDriverEmail'>>;

/** A person as text (the CSV, sorting, search): their name with the e-mail after it, or the e-mail alone. */
export function personText(name: string, email: string | null | undefined): string {
  return email && email !== name ? `${name} (${email})` : name;
}

/**
 * The Driver column: the route's assignee, or whoever else acted at the stop, marked (issue 38); people by name with
 * their e-mail (issue 61; the cell shows the e-mail in a tooltip, PersonName).
 */
export function driverShown(s: DriverFields): string | null {
  if (!s.driver) return null;
  const driver = personText(s.driver, s.driverEmail);
  if (!s.notAssignee) return driver;
  const assignee = s.assignedDriver ? `, ${personText(s.assignedDriver, s.assignedDriverEmail)}` : '';
  return `${driver} (not the assignee${assignee})`;
}

/**
 * The card table's columns an operator reads first, in view at every width: the stop and its location pinned on the
 * left, its status and driver on the right, while the others scroll between them.
 */
export const STOP_ESSENTIAL = ['location', 'status', 'driver'];
/** On a phone the stop's cell says its location (RouteCard): its status and driver beside it. */
export const STOP_ESSENTIAL_PHONE = ['status', 'driver'];

/** A route at a glance (the Collapsed view): its stops by status, in the spec's order, and who drives it. */
export function routeGlance(stops: readonly Pick<DashboardStop, 'status' | 'driver' | 'assignedDriver'>[]): {
  counts: { status: string; count: number }[];
  drivers: string[];
} {
  const counts = new Map<string, number>();
  for (const s of stops) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  const rank = (status: string) => {
    const i = (STOP_STATUSES as readonly string[]).indexOf(status);
    return i < 0 ? STOP_STATUSES.length : i;
  };
  const assigned = stops.find((s) => s.assignedDriver)?.assignedDriver;
  // The route's assignee only: a claim is an assignment, so whoever acted on a route without one
  // (a supervisor) is not its driver (their rows say so).
  const drivers = assigned ? [assigned] : [];
  return {
    counts: [...counts]
      .map(([status, count]) => ({ status, count }))
      .sort((a, b) => rank(a.status) - rank(b.status) || a.status.localeCompare(b.status)),
    drivers,
  };
}

/** The whole dashboard's CSV columns: the route first, then the card's. */
export const EXPORT_COLUMNS: DataColumn<DashboardStop>[] = [
  { id: 'route', header: 'Route', value: (s) => s.routeName },
  ...STOP_COLUMNS,
];

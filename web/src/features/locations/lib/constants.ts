/**
 * Business constants of the locations area (spec 1-locations §3, §4, §9). The
 * option lists the server checks are read from its rules (src/generated/rules.json);
 * what is written here is the screens' own.
 */
import { RULE_OPTIONS } from '@/lib/rules';
import { byWeekday, WEEKDAYS, type Weekday } from '@/lib/locations/constants';

/** The state options (§3.1): the ones the server accepts. */
export const STATES: readonly string[] = RULE_OPTIONS.states;

/** Selecting one of these states sets the tax rate (§5.1). */
export const STATE_TAX_RATES: Record<string, string> = {
  IL: '2.25',
  IN: '2.25',
  NY: '2.25',
  NJ: '2.25',
  PA: '2.25',
  WI: '0',
};

export const VERTICALS: readonly string[] = RULE_OPTIONS.verticals;

export interface Option {
  value: string;
  label: string;
}

/** How the screens name the time zones the server accepts (§3.1). */
const TIME_ZONE_LABELS: Record<string, string> = {
  CHICAGO: 'Central',
  NEWYORK: 'Eastern',
  DENVER: 'Mountain',
  LOSANGELES: 'Pacific',
  INDIANAPOLIS: 'Indianapolis',
};

/** The detail screen offers every time zone the server accepts. */
export const DETAIL_TIME_ZONES: Option[] = RULE_OPTIONS.timeZones.map((value) => ({
  value,
  label: TIME_ZONE_LABELS[value] ?? value,
}));

/** The create form offers them all but INDIANAPOLIS, which only the detail screen offers (§3.1). */
export const CREATE_TIME_ZONES: Option[] = DETAIL_TIME_ZONES.filter((o) => o.value !== 'INDIANAPOLIS');

export const SERIAL_PORTS: readonly string[] = RULE_OPTIONS.serialPorts;
/** status and publicStatus are switched between these (§4); DEAD is not offered. */
export const LIVE_OFFLINE: readonly string[] = RULE_OPTIONS.liveOffline;
/** The list's status filter: the server's statuses, LIVE first, then by name (LIVE, DEAD, OFFLINE, §2.6). */
export const LIST_STATUSES: readonly string[] = [...RULE_OPTIONS.statuses].sort(
  (a, b) => Number(b === 'LIVE') - Number(a === 'LIVE') || a.localeCompare(b),
);
export const ACCESS_TO: readonly string[] = RULE_OPTIONS.accessTo;

export const ALLOCATION_REASONS = [
  'End of Holiday Break',
  'First Stocking',
  'Fridge being removed',
  'Fridge not getting removed',
  'Holiday Break',
  'Other',
] as const;

export const RESERVE_REASONS = [
  'Always on for new fridge',
  'Connectivity issues resolved',
  'Connectivity issues',
  "Customer doesn't want to be listed in the app or on the website",
  'Customer requested to turn off',
  'Customer requested to turn on',
] as const;

export { byWeekday, WEEKDAYS, type Weekday };

/** Three-letter keys used by the flat create payload (fromMon, toMon, ...). */
export const DAY_SHORT: Record<Weekday, string> = {
  Monday: 'Mon',
  Tuesday: 'Tue',
  Wednesday: 'Wed',
  Thursday: 'Thu',
  Friday: 'Fri',
  Saturday: 'Sat',
  Sunday: 'Sun',
};

/** Default option of each name list (§3.1): the first name the server builds into it. */
export const DEFAULT_LAYOUT: Option = { value: RULE_OPTIONS.layouts[0], label: 'Default' };
export const DEFAULT_FRIDGE_SCHEMA = RULE_OPTIONS.fridgeSchemas[0];
export const DEFAULT_PRICE_MAP_TEMPLATE = RULE_OPTIONS.priceMapTemplates[0];

/** Complete Now re-schedules a change this many milliseconds ahead (§9). */
export const COMPLETE_NOW_DELAY_MS = 5000;

/**
 * Said once a change is completed now: its wake-up applies it when due (the server's `scheduler::wake`), or, if that
 * is lost, the scheduler's next once-a-minute run does.
 */
export const COMPLETE_NOW_SENT = 'The change will be applied in a few seconds';

export { CACHE_MAX_AGE_MS, LOCATIONS_PAGE_SIZE } from '@/lib/locations/constants';

/** The screens' own texts; the failure texts are in @/lib/messages, the rule messages in the server's rules. */
export const MESSAGES = {
  updateSuccess: 'Successfully updated',
  confirmDelete: 'Are you sure want to delete this item?',
  proceed: 'How would you like to proceed?',
  scheduledChanges: 'Scheduled Changes:',
  noScheduledChanges: 'No Scheduled Changes',
  uploading: 'Uploading Locations…',
} as const;

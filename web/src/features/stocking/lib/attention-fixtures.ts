/** Test data of the Needs-attention panel, shared by its unit tests. */
import type { AttentionItem, AttentionRules } from './attention';

/** The server's kinds and their labels (`Kind::code`, `Kind::label` of attention.rs). */
export const KINDS = [
  ['ROUTE_NOT_STARTED', 'Route not started'],
  ['STOP_STUCK', 'Stop stuck'],
  ['DRIVER_QUIET', 'Driver quiet'],
  ['TEMPERATURE', 'Temperature'],
  ['FRIDGE_NEEDS_DRIVER', 'Fridge needs the driver'],
  ['UNREACHABLE', 'Unreachable'],
  ['ROUTE_CLAIMED', 'Route claimed'],
] as const;

/** An item of `kind` on route R1 with no stop, as the server answers it, with `over` on top. */
export const attentionItem = (
  key: string,
  kind: (typeof KINDS)[number][0],
  over: Partial<AttentionItem> = {},
): AttentionItem => ({
  key,
  kind,
  kindLabel: KINDS.find(([k]) => k === kind)![1],
  route: 'R1',
  stop: null,
  stockingIndex: null,
  locationId: null,
  since: '2026-07-01T12:00:00Z',
  sinceCentral: '07:00',
  facts: `Facts of ${key}`,
  endedAt: null,
  endedHow: null,
  taken: null,
  ...over,
});

/** The server's default thresholds, written out (the help's wording is tested against these). */
export const TEST_RULES: AttentionRules = {
  routeStartsBy: '07:00',
  routeStartsByMarket: {},
  stuckMinutes: 45,
  quietMinutes: 60,
  maxTemperatureF: 41.0,
  heartbeatMinutes: 30,
  faultStates: ['MOTOR_FAULT', 'PRODUCT_DETECT_FAULT', 'PRODUCT_UNDER_ELEVATOR', 'TIMEOUT'],
};

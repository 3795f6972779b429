/**
 * The §4.3 health colours, driven by the server's constants (rules.json
 * `fleetHealth`, exported from functions/fleet/src/rules.rs), so the browser
 * and the server colour a fridge the same way.
 */
import rules from '@/generated/rules.json';

export type Colour = 'green' | 'orange' | 'red';

export type CommandKind = 'reset' | 'toggle' | 'swap';

export interface FridgeCommand {
  key: string;
  label: string;
  /** The queue message's resource (ServiceRestart, VendingUnitReset, OutOfOrder, SafetyHold; '' for the swap). */
  resource: string;
  /** The fixed operation of a reset (DisplayServices, ReactUI) or null; toggles send ENABLE or DISABLE. */
  operation: string | null;
  kind: CommandKind;
  /** The feature flag that shows this command (besides the admin flag). */
  flag: string;
}

export interface HealthRules {
  temperatureGreenMax: number;
  temperatureOrangeMax: number;
  networkSpeedGoodBelow: number;
  recentHours: number;
  vendingStateLabels: Record<string, string>;
  adminFlag: string;
  commands: FridgeCommand[];
  commandQueue: string;
  healthBatch: number;
  dashboardBatch: number;
  messages: {
    healthLoadFailed: string;
    swapDone: string;
    swapQueueFailed: string;
    swapRequestFailed: string;
    withinFiveMinutes: string;
    noData: string;
    noneInStock: string;
    resetDone: string;
    toggleDone: string;
    resetFailed: string;
  };
}

export const HEALTH_RULES = rules.fleetHealth as HealthRules;
export const HEALTH_MESSAGES = HEALTH_RULES.messages;

/** The one vending state that is green. */
export const READY_STATE = 'STATUS_0_READY';

/** Temperature (°F): green at 38 or below, orange at 41 or below, red above; none when unknown. */
export function temperatureColour(t: number | null | undefined, r: HealthRules = HEALTH_RULES): Colour | null {
  if (t === null || t === undefined || !Number.isFinite(t)) return null;
  if (t <= r.temperatureGreenMax) return 'green';
  if (t <= r.temperatureOrangeMax) return 'orange';
  return 'red';
}

/** The §4.4 label of a vending (Jofemar) state; unknown states are shown raw. */
export function vendingStateLabel(state: string | null | undefined, r: HealthRules = HEALTH_RULES): string {
  if (!state) return '';
  return r.vendingStateLabels[state] ?? state;
}

/** Vending state: green only for STATUS_0_READY, red for any other reported state; none when not reported. */
export function vendingStateColour(state: string | null | undefined): Colour | null {
  if (!state) return null;
  return state === READY_STATE ? 'green' : 'red';
}

/** Network speed: red when None (not reported), green below 0.5, orange otherwise. */
export function networkSpeedColour(speed: number | null | undefined, r: HealthRules = HEALTH_RULES): Colour {
  if (speed === null || speed === undefined || !Number.isFinite(speed)) return 'red';
  return speed < r.networkSpeedGoodBelow ? 'green' : 'orange';
}

/**
 * Out of order and safety hold: red when on; orange when off but it changed
 * (its timestamp) less than 24 h ago; green otherwise. None when not reported.
 */
export function holdColour(
  on: boolean | null | undefined,
  since: string | null | undefined,
  now: number = Date.now(),
  r: HealthRules = HEALTH_RULES,
): Colour | null {
  if (on === null || on === undefined) return null;
  if (on) return 'red';
  const at = since ? Date.parse(since) : Number.NaN;
  if (Number.isFinite(at) && now - at < r.recentHours * 3_600_000) return 'orange';
  return 'green';
}

/** hdmi, elo, cardReader, electricalLayout: green when true, red when false. */
export function connectionColour(v: boolean | null | undefined): Colour | null {
  if (v === null || v === undefined) return null;
  return v ? 'green' : 'red';
}

/** inaccessible and activeTicket: green when false, red when true. */
export function problemColour(v: boolean | null | undefined): Colour | null {
  if (v === null || v === undefined) return null;
  return v ? 'red' : 'green';
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? values[k] : m));

/** 'Reset {label} successful'. */
export const resetDoneMessage = (label: string) => fill(HEALTH_MESSAGES.resetDone, { label });
/** 'There was an issue resetting the {label}'. */
export const resetFailedMessage = (label: string) => fill(HEALTH_MESSAGES.resetFailed, { label });
/** '{label} ENABLED successfully' / '{label} DISABLED successfully'. */
export const toggleDoneMessage = (label: string, operation: 'ENABLE' | 'DISABLE') =>
  fill(HEALTH_MESSAGES.toggleDone, { label, operation });

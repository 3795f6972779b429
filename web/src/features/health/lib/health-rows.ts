import type { FridgeHealth } from '../api/health-fields';
import {
  connectionColour,
  holdColour,
  networkSpeedColour,
  problemColour,
  temperatureColour,
  vendingStateColour,
  vendingStateLabel,
  type Colour,
} from './health-rules';
import { centralTime } from '@/lib/central-time';

/** The word that says what a row's colour means, so that the colour is never the only signal. */
export const COLOUR_WORDS: Record<Colour, string> = { green: 'OK', orange: 'Warning', red: 'Problem' };

/** One attribute/value row of a fridge's health table. */
export interface HealthRow {
  /** The FridgeHealth field (a stable handle for tests and CSS). */
  field: string;
  attribute: string;
  value: string;
  /** The §4.3 colour; null for attributes without a rule (or not reported). */
  colour: Colour | null;
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const degrees = (t: number) => `${t} °F`;
/**
 * The network speed's unit. The spec gives none; the fridges report the duration of their last
 * speed check (0.1 to 0.9, good below 0.5, so lower is better), in seconds.
 */
export const NETWORK_SPEED_UNIT = 's';
const seconds = (v: number) => `${v} ${NETWORK_SPEED_UNIT}`;
const ct = (iso: string) => `${centralTime(iso)} CT`;
const joined = (parts: (string | null | undefined)[]) =>
  parts.filter((p) => p !== null && p !== undefined && p !== '').join(', ');

/**
 * A fridge's health as attribute/value rows, coloured by §4.3: the rows with a
 * colour rule first, then the rest. Attributes the fridge did not report are
 * left out; the network speed shows 'None' (red) when a reporting fridge has
 * none. An empty list means there is nothing to show ('No data').
 */
export function healthRows(h: FridgeHealth | null | undefined, now: number = Date.now()): HealthRow[] {
  if (!h) return [];
  const rows: HealthRow[] = [];
  const add = (field: string, attribute: string, value: string, colour: Colour | null = null) =>
    rows.push({ field, attribute, value, colour });
  const bool = (
    field: string,
    attribute: string,
    v: boolean | null | undefined,
    colour: (v: boolean) => Colour | null,
  ) => {
    if (v !== null && v !== undefined) add(field, attribute, yesNo(v), colour(v));
  };

  if (h.jofemarState)
    add('jofemarState', 'Jofemar State', vendingStateLabel(h.jofemarState), vendingStateColour(h.jofemarState));
  if (h.temperature !== null && h.temperature !== undefined)
    add('temperature', 'Temperature', degrees(h.temperature), temperatureColour(h.temperature));
  bool('outOfOrder', 'Out of order', h.outOfOrder, (v) => holdColour(v, h.outOfOrderTs, now));
  bool('safetyHold', 'Safety hold', h.safetyHold, (v) => holdColour(v, h.safetyHoldTs, now));
  bool('inaccessible', 'Inaccessible', h.inaccessible, problemColour);
  bool('activeTicket', 'Active ticket', h.activeTicket, problemColour);
  bool('hdmi', 'HDMI connected', h.hdmi, connectionColour);
  bool('elo', 'ELO (touchscreen) connected', h.elo, connectionColour);
  bool('cardReader', 'Card reader connected', h.cardReader, connectionColour);
  bool('electricalLayout', 'Has electrical layout', h.electricalLayout, connectionColour);
  const speed = h.networkSpeed?.previousSpeed;
  const reported = rows.length > 0 || !!h.timestamp || (h.networkSpeed !== null && h.networkSpeed !== undefined);
  if (reported)
    add(
      'networkSpeed',
      'Network speed',
      speed === null || speed === undefined ? 'None' : seconds(speed),
      networkSpeedColour(speed),
    );

  if (h.outOfOrderTs) add('outOfOrderTs', 'Out of order changed at', ct(h.outOfOrderTs));
  if (h.safetyHoldTs) add('safetyHoldTs', 'Safety hold changed at', ct(h.safetyHoldTs));
  if (h.temperatureSetpoint !== null && h.temperatureSetpoint !== undefined)
    add('temperatureSetpoint', 'Temperature setpoint', degrees(h.temperatureSetpoint));
  if (h.timezone) add('timezone', 'Timezone', h.timezone);
  if (h.serverVersion) add('serverVersion', 'Server version', h.serverVersion);
  if (h.timestamp) add('timestamp', 'Reported at', ct(h.timestamp));
  if (h.allReasons?.length) add('allReasons', 'Reasons', h.allReasons.join(', '));
  if (h.connectedLayout?.length)
    add('connectedLayout', 'Connected layout', h.connectedLayout.map((c) => `(${c.x},${c.y})`).join(' '));
  for (const [field, attribute, door] of [
    ['recycleDoorState', 'Recycle door', h.recycleDoorState],
    ['sundryDoorState', 'Sundry door', h.sundryDoorState],
  ] as const) {
    const text = joined([door?.doorState && `door ${door.doorState}`, door?.lockState && `lock ${door.lockState}`]);
    if (text) add(field, attribute, text);
  }
  const lite = h.liteFridgeState;
  const liteText = joined([
    lite?.status && `status ${lite.status}`,
    lite?.topShellLatchState && `top shell latch ${lite.topShellLatchState}`,
    lite?.bottomShellLatchState && `bottom shell latch ${lite.bottomShellLatchState}`,
    lite?.shellLockState && `shell lock ${lite.shellLockState}`,
  ]);
  if (liteText) add('liteFridgeState', 'Lite fridge', liteText);
  return rows;
}

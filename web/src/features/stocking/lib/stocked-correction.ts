import type { CorrectLocationStockedInput } from '@/generated/gql/graphql';
import { displayJson } from '@/lib/display-value';
import { centralInstant, centralTime } from '@/lib/central-time';
import { RetainedRequests } from '@/lib/retained-requests';
import { centralClock } from './dashboard';

/** A correction's reason, at most this many characters (the server's limit). */
export const MAX_REASON_CHARS = 100;

/** VOID: the stop was not stocked then; RETIME: it was, at another time. */
export type StockedChange = 'VOID' | 'RETIME';

/** What the supervisor asked for in the dialog. */
export interface AskedCorrection {
  change: StockedChange;
  /** RETIME: the new time as a Central wall time ('YYYY-MM-DDTHH:mm'). */
  wall?: string;
  reason: string;
}

/** The stop a correction concerns: a dashboard row with a LocationStocked behind its stocked time. */
export interface CorrectedStop {
  locationId: string;
  stockedActionId: string;
}

/**
 * The Central wall times a re-time may name on stocking day `day` (YYYY-MM-DD): from 18:00 the day
 * before up to 17:59 that day, as datetime-local min and max. The server also refuses a future time.
 */
export function stockingDayWalls(day: string): { min: string; max: string } {
  const before = new Date(`${day}T00:00:00Z`);
  before.setUTCDate(before.getUTCDate() - 1);
  return { min: `${before.toISOString().slice(0, 10)}T18:00`, max: `${day}T17:59` };
}

/** A stocked time as the datetime-local value of the re-time field (Central). */
export const centralWall = (instant: string | null | undefined) =>
  instant ? centralTime(instant).slice(0, 16).replace(' ', 'T') : '';

/** What a re-time's time is checked against: the stocking day, the clock, and the stop's scan. */
export interface RetimeBounds {
  /** The stocking day (YYYY-MM-DD): the time must be in it (stockingDayWalls). */
  day: string;
  /** Now, in milliseconds: the time cannot be later. */
  now: number;
  /** The stop's scan (the row's Scanned At), when the dashboard has it: the time cannot be earlier. */
  scannedAt?: string | null;
}

export const RETIME_NEEDS_TIME = 'Enter the new date and time (Central) it was stocked.';
export const NO_SUCH_TIME = 'There is no such time in Central time (the clocks go forward then).';
export const RETIME_IN_FUTURE = 'The new time cannot be in the future.';
/** The server's words (400) for a re-time earlier than the stop's scan; HH:MM in Central time. */
export const retimeBeforeScan = (scanHhmm: string) => `The stocked time cannot be before the scan at ${scanHhmm}.`;
export function retimeOutsideDay(day: string): string {
  const { min, max } = stockingDayWalls(day);
  return `The new time must be within the stocking day ${day}: from ${min.replace('T', ' ')} to ${max.replace('T', ' ')} CT.`;
}

/**
 * What is wrong with a typed re-time (a datetime-local value in Central), as the field shows it while it is typed:
 * no such time, outside the stocking day, in the future, or before the stop's scan. Null when nothing is typed yet
 * (Save's problem says a time is needed) or when the time may be sent.
 */
export function retimeProblem(wall: string, bounds: RetimeBounds): string | null {
  if (!wall) return null;
  const instant = centralInstant(wall);
  if (!instant) return NO_SUCH_TIME;
  const { min, max } = stockingDayWalls(bounds.day);
  if (wall < min || wall > max) return retimeOutsideDay(bounds.day);
  const at = Date.parse(instant);
  if (at > bounds.now) return RETIME_IN_FUTURE;
  const scan = bounds.scannedAt ? Date.parse(bounds.scannedAt) : Number.NaN;
  // As the server compares them: to the scan's instant (a time in the scan's own minute, before it, is refused too).
  if (Number.isFinite(scan) && at < scan) return retimeBeforeScan(centralClock(bounds.scannedAt));
  return null;
}

/**
 * Why Save cannot send yet, or null when it can. With `bounds`, a re-time's time is checked as the server checks
 * it (retimeProblem), so Save stays disabled while the field shows a problem.
 */
export function correctionProblem(asked: AskedCorrection, bounds?: RetimeBounds): string | null {
  if (!asked.reason.trim()) return 'A reason is required.';
  if (asked.reason.trim().length > MAX_REASON_CHARS) return `The reason is at most ${MAX_REASON_CHARS} characters.`;
  if (asked.change === 'RETIME') {
    if (!centralInstant(asked.wall ?? '')) return RETIME_NEEDS_TIME;
    if (bounds) return retimeProblem(asked.wall ?? '', bounds);
  }
  return null;
}

/**
 * Each stop's correction, kept until it is answered for good: a retry of the same correction
 * (the same change, time and reason) after a lost answer or a server failure resends exactly the
 * first try — its requestId — so the server answers the first result instead of refusing the
 * action as already voided. A success or a refusal ends it; another correction is a new request.
 */
export class StockedCorrections {
  private readonly held = new RetainedRequests<CorrectLocationStockedInput>();

  constructor(private readonly newId: () => string = () => crypto.randomUUID()) {}

  /** The input of correcting `stop`'s stocked record on stocking day `day` as `asked`. */
  inputFor(day: string, stop: CorrectedStop, asked: AskedCorrection): CorrectLocationStockedInput {
    const reason = asked.reason.trim();
    const occurredAt = asked.change === 'RETIME' ? centralInstant(asked.wall ?? '') : null;
    return this.held.inputFor(
      key(day, stop.locationId, stop.stockedActionId),
      JSON.stringify([asked.change, occurredAt, reason]),
      () => ({
        stockingDay: day,
        locationId: stop.locationId,
        actionId: stop.stockedActionId,
        change: asked.change,
        ...(occurredAt ? { occurredAt } : {}),
        reason,
        requestId: this.newId(),
      }),
    );
  }

  /** The answer to `input`: ended unless `error` is worth retrying (the correction may have landed). */
  settled(input: CorrectLocationStockedInput, error?: unknown) {
    this.held.settled(key(input.stockingDay, input.locationId, input.actionId), input, error);
  }
}

const key = (day: string, location: string, action: string) => JSON.stringify([day, location, action]);

/** How a stocked-history attribute reads: the stop's stocked time by name, an action as recorded. */
export const stockedAttribute = (attribute: string) => (attribute === 'stockedTimeUTC' ? 'Stop stocked at' : attribute);

/** A stocked-history value (JSON text of an instant, null when none) in Central time. */
export function stockedValue(text: string | null | undefined): string {
  if (text === null || text === undefined || text.trim() === 'null') return 'none';
  let value: unknown = text;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return `${centralTime(value)} CT`;
  return displayJson(text);
}

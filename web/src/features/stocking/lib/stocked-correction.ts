import type { CorrectLocationStockedInput } from '@/generated/gql/graphql';
import { displayJson } from '@/lib/display-value';
import { centralInstant, centralTime } from '@/lib/central-time';
import { RetainedRequests } from '@/lib/retained-requests';

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

/** Why Save cannot send yet, or null when it can. */
export function correctionProblem(asked: AskedCorrection): string | null {
  if (!asked.reason.trim()) return 'A reason is required.';
  if (asked.reason.trim().length > MAX_REASON_CHARS) return `The reason is at most ${MAX_REASON_CHARS} characters.`;
  if (asked.change === 'RETIME' && !centralInstant(asked.wall ?? ''))
    return 'Enter the new date and time (Central) it was stocked.';
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

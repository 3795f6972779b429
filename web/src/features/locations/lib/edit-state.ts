import { byWeekday, WEEKDAYS, type Option, type Weekday } from './constants';
import {
  ADDRESS_FIELDS,
  effectiveReason,
  storedValue,
  toServerValue,
  validateAddress,
  validateField,
  validateReason,
  validateSearch,
  type FieldDef,
} from './detail-fields';
import { hoursFormFrom, hoursOutput, validateHours, type HoursForm } from './hours';
import { fridgeZone, normaliseLocalDateTime, toFridgeInput } from '@/lib/fridge-time';
import type { Location } from './types';

export type AddressValues = Record<(typeof ADDRESS_FIELDS)[number], string>;

/** Everything an edit dialog can hold; each kind uses its part. */
export interface EditorState {
  value: string;
  address: AddressValues;
  hours: HoursForm;
  /** prod / reserve as '1' or '0'. */
  flag: '1' | '0';
  reason: string;
  other: string;
  stocking: Record<Weekday, boolean>;
  /** datetime-local text for Schedule: wall time in the fridge's zone. */
  scheduleAt: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The dialog's state from the stored location, optionally preset with a scheduled value. */
export function initEditorState(def: FieldDef, loc: Location, preset?: unknown, scheduleAt = ''): EditorState {
  const stored = storedValue(def, loc);
  const state: EditorState = {
    value: str(stored),
    address: {
      street: str(loc.street),
      city: str(loc.city),
      state: str(loc.state),
      zipCode: str(loc.zipCode),
    },
    hours: hoursFormFrom(loc.hours, loc.workHours),
    flag: Number(stored) === 1 ? '1' : '0',
    reason: '',
    other: '',
    stocking: byWeekday((d) => Number(loc.stockingSchedule?.[d]) === 1),
    scheduleAt,
  };
  if (preset !== undefined && preset !== null) {
    if (def.kind === 'address' && typeof preset === 'object') {
      state.address = { ...state.address, ...(preset as Partial<AddressValues>) };
    } else if (def.kind === 'allocation' || def.kind === 'reserve') {
      state.flag = Number(preset) === 1 ? '1' : '0';
    } else if (def.kind === 'stockingSchedule' && typeof preset === 'object') {
      const days = new Map<string, unknown>(Object.entries(preset));
      state.stocking = byWeekday((d) => Number(days.get(d)) === 1);
    } else {
      state.value = str(preset);
    }
  }
  return state;
}

/** The options a search/select field accepts. */
export interface EditContext {
  searchOptions?: Option[];
}

/** A problem that disables Save (search fields only accept offered options). */
export function blockingProblem(def: FieldDef, s: EditorState, ctx: EditContext): string | null {
  if (def.kind === 'search') return validateSearch(s.value.trim(), ctx.searchOptions ?? []);
  return null;
}

export const DEVICE_ADDRESS_GENERATED_ONLY = 'The device address can only be generated';

/** The attribute values a dialog stands for, after validation. */
function valuesOf(
  def: FieldDef,
  loc: Location,
  s: EditorState,
  ctx: EditContext,
  forSchedule: boolean,
): { error: string } | { values: Record<string, unknown>; unchanged?: boolean } {
  switch (def.kind) {
    case 'address': {
      const e = validateAddress(s.address);
      if (e) return { error: e };
      return { values: Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, s.address[f].trim()])) };
    }
    case 'hours': {
      const e = validateHours(s.hours, loc.id);
      if (e) return { error: e };
      const out = hoursOutput(s.hours);
      return forSchedule
        ? { values: { hours: out.hours, workHours: out.workHours } }
        : { values: { is24Hours: out.is24Hours, workHours: out.workHours } };
    }
    case 'allocation':
    case 'reserve': {
      const current = Number(storedValue(def, loc)) === 1 ? '1' : '0';
      const unchanged = s.flag === current;
      if (unchanged && !forSchedule) return { values: {}, unchanged: true };
      const e = validateReason(s.reason, s.other);
      if (e) return { error: e };
      return {
        values: { [def.key]: Number(s.flag), updateReason: { [def.key]: effectiveReason(s.reason, s.other) } },
      };
    }
    case 'stockingSchedule':
      return {
        values: { stockingSchedule: Object.fromEntries(WEEKDAYS.map((d) => [d, s.stocking[d] ? 1 : 0])) },
      };
    case 'deviceAddress':
      // The server refuses it too: only generateAprivaDeviceAddress sets it.
      return { error: DEVICE_ADDRESS_GENERATED_ONLY };
    case 'search': {
      const e = validateSearch(s.value.trim(), ctx.searchOptions ?? []);
      if (e) return { error: e };
      return { values: { [def.key]: s.value.trim() } };
    }
    default: {
      const e = validateField(def, s.value);
      if (e) return { error: e };
      return { values: { [def.key]: toServerValue(def, s.value) } };
    }
  }
}

/** Kept in the change history as where the edit was made. */
export const EDIT_SOURCE = 'Location detail';

export type UpdateInput = { id: string; version: number; source: string } & Record<string, unknown>;

export type SaveAction =
  { type: 'error'; message: string } | { type: 'close' } | { type: 'update'; input: UpdateInput };

/**
 * What Save does: show an error, just close (nothing changed), or send
 * updateLocation. `loc` is the location as the dialog loaded it: its version
 * makes the server refuse the write if someone changed the location since.
 * A location read without a version has never been versioned (0 on the server).
 */
export function saveAction(def: FieldDef, loc: Location, s: EditorState, ctx: EditContext = {}): SaveAction {
  const r = valuesOf(def, loc, s, ctx, false);
  if ('error' in r) return { type: 'error', message: r.error };
  if (r.unchanged) return { type: 'close' };
  return { type: 'update', input: { id: loc.id, version: loc.version ?? 0, source: EDIT_SOURCE, ...r.values } };
}

export const SCHEDULE_TIME_EMPTY = 'Schedule date and time cannot be empty';
export const SCHEDULE_TIME_PAST = 'Schedule date and time should be in the future';

export type ScheduleAction =
  { type: 'error'; message: string } | { type: 'schedule'; values: Record<string, unknown>; localDateTime: string };

/**
 * What Schedule does: the attribute values to schedule at a wall time in the
 * fridge's zone ('YYYY-MM-DDTHH:MM', sent as is), or an error. "Future" is
 * judged against the fridge's clock, not the browser's.
 */
export function scheduleAction(
  def: FieldDef,
  loc: Location,
  s: EditorState,
  ctx: EditContext = {},
  now: number = Date.now(),
): ScheduleAction {
  const r = valuesOf(def, loc, s, ctx, true);
  if ('error' in r) return { type: 'error', message: r.error };
  const localDateTime = normaliseLocalDateTime(s.scheduleAt);
  if (!localDateTime) return { type: 'error', message: SCHEDULE_TIME_EMPTY };
  // Same-format wall times compare as text.
  const fridgeNow = toFridgeInput(now, fridgeZone(loc));
  if (fridgeNow && localDateTime <= fridgeNow) return { type: 'error', message: SCHEDULE_TIME_PAST };
  return { type: 'schedule', values: r.values, localDateTime };
}

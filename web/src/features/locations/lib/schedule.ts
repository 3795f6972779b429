import { COMPLETE_NOW_DELAY_MS } from './constants';
import { displayValue } from '@/lib/display-value';
import { ADDRESS_FIELDS, formatValue, type FieldDef } from './detail-fields';
import { hoursSummary, TWENTY_FOUR_HOURS } from './hours';
import { formatFridgeTime, type FridgeZone } from '@/lib/fridge-time';
import type { ScheduleChangeInput, ScheduledChange, ScheduleStatus, ScheduleTime, WorkHours } from './types';

/** One entry of a row's 'Scheduled Changes:' list; may stand for several stored changes. */
export interface ScheduleItem {
  key: string;
  actionTime: string;
  /** Fridge time with its label, e.g. '2026-11-25 18:00 CT'. */
  when: string;
  /** FAILED items can only be deleted. */
  status: ScheduleStatus;
  failureReason: string | null;
  /** The allocation deadline warning of any change of the item. */
  deadlineWarning: string | null;
  /** The change acted on (deleted first). */
  primary: ScheduledChange;
  /** Changes that belong with it (same time): updateReason, workHours, other address parts. */
  partners: ScheduledChange[];
  /** Display text of the scheduled value. */
  display: string;
  /** The value to preset when the change is edited (search fields). */
  editValue: unknown;
}

/** JSON text of a value for createScheduleChange. */
export function jsonValue(v: unknown): string {
  return JSON.stringify(v);
}

const reasonFor = (c: ScheduledChange, attr: string): string | undefined => {
  const v = c.change.value;
  if (v && typeof v === 'object' && attr in (v as Record<string, unknown>)) {
    return displayValue((v as Record<string, unknown>)[attr]);
  }
  return undefined;
};

const byTime = (a: ScheduleItem, b: ScheduleItem) => a.actionTime.localeCompare(b.actionTime);

/**
 * When a change runs, as the server gives it in fridge time ('2026-11-25 18:00 CT');
 * computed from the instant in the fridge's zone only if the server left it out.
 */
export function scheduledWhen(c: ScheduledChange, zone: FridgeZone): string {
  if (c.localActionTime) return `${c.localActionTime} ${c.timeZoneLabel || zone.label}`;
  return formatFridgeTime(c.actionTime, zone);
}

/** The datetime-local text to start the schedule picker with when editing a change (fridge time). */
export function scheduledInput(c: ScheduledChange, zone: FridgeZone): string {
  const when = scheduledWhen(c, zone);
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/.exec(when);
  return m ? `${m[1]}T${m[2]}` : '';
}

/** An item from the change acted on and those that go with it. */
function item(
  primary: ScheduledChange,
  partners: ScheduledChange[],
  display: string,
  editValue: unknown,
  zone: FridgeZone,
): ScheduleItem {
  const all = [primary, ...partners];
  return {
    key: all.map((p) => p.uuid).join('+'),
    actionTime: primary.actionTime,
    when: scheduledWhen(primary, zone),
    status: primary.status === 'FAILED' ? 'FAILED' : 'PENDING',
    failureReason: all.map((c) => c.failureReason).find(Boolean) ?? null,
    deadlineWarning: all.map((c) => c.deadlineWarning).find(Boolean) ?? null,
    primary,
    partners,
    display,
    editValue,
  };
}

/**
 * Groups a location's scheduled changes into the items listed under one row.
 * Changes go together when they share a time and a status: a failed group is
 * moved aside whole, and a new change may be scheduled for the same time.
 */
export function scheduleItemsFor(def: FieldDef, changes: ScheduledChange[], zone: FridgeZone): ScheduleItem[] {
  const together = (a: ScheduledChange, b: ScheduledChange) => a.actionTime === b.actionTime && a.status === b.status;
  const sameTime = (c: ScheduledChange, attr: string) =>
    changes.filter((x) => together(x, c) && x.change.attribute === attr);

  if (def.kind === 'address') {
    const isAddress = (c: ScheduledChange) => (ADDRESS_FIELDS as readonly string[]).includes(c.change.attribute);
    const groups: ScheduledChange[][] = [];
    for (const c of changes.filter(isAddress)) {
      const g = groups.find((x) => together(x[0], c));
      if (g) g.push(c);
      else groups.push([c]);
    }
    return groups
      .map((parts) => {
        const val = (f: string) => parts.find((p) => p.change.attribute === f)?.change.value;
        const display = ADDRESS_FIELDS.filter((f) => val(f) !== undefined)
          .map((f) => `${f}: ${displayValue(val(f))}`)
          .join(', ');
        const editValue = Object.fromEntries(parts.map((p) => [p.change.attribute, p.change.value]));
        return item(parts[0], parts.slice(1), display, editValue, zone);
      })
      .sort(byTime);
  }

  if (def.kind === 'hours') {
    const items: ScheduleItem[] = [];
    for (const c of changes.filter((x) => x.change.attribute === 'hours')) {
      const hours = String(c.change.value) === '1' ? TWENTY_FOUR_HOURS : displayValue(c.change.value);
      items.push(item(c, sameTime(c, 'workHours'), hours, c.change.value, zone));
    }
    for (const c of changes.filter((x) => x.change.attribute === 'workHours')) {
      if (items.some((i) => together(i.primary, c))) continue;
      items.push(item(c, [], hoursSummary(false, c.change.value as WorkHours), c.change.value, zone));
    }
    return items.sort(byTime);
  }

  const own = changes.filter((c) => c.change.attribute === def.key);
  return own
    .map((c) => {
      const partners =
        def.kind === 'allocation' || def.kind === 'reserve'
          ? sameTime(c, 'updateReason').filter((u) => reasonFor(u, def.key) !== undefined)
          : [];
      const reason = partners.length ? reasonFor(partners[0], def.key) : undefined;
      // A scheduled value is always shown: an absent or empty one as displayValue says ('None', '(empty)').
      const display =
        (formatValue(def, c.change.value) || displayValue(c.change.value)) + (reason ? ` (${reason})` : '');
      return item(c, partners, display, c.change.value, zone);
    })
    .sort(byTime);
}

/** The createScheduleChange entries for a row's new values at a time (fridge wall time, or an instant). */
export function scheduleInputs(
  location: string,
  values: Record<string, unknown>,
  at: ScheduleTime,
): ScheduleChangeInput[] {
  return Object.entries(values).map(([attribute, v]) => ({ location, attribute, value: jsonValue(v), ...at }));
}

/** The entries that re-create an item about 5 seconds from now (Complete Now). */
export function completeNowInputs(item: ScheduleItem, now: number = Date.now()): ScheduleChangeInput[] {
  const dateTime = new Date(now + COMPLETE_NOW_DELAY_MS).toISOString();
  return [item.primary, ...item.partners].map((c) => ({
    location: c.change.id || c.id,
    attribute: c.change.attribute,
    value: c.change.rawValue ?? jsonValue(c.change.value),
    dateTime,
  }));
}

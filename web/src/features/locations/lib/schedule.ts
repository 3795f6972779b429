import { COMPLETE_NOW_DELAY_MS } from './constants';
import { ADDRESS_FIELDS, formatValue, type FieldDef } from './detail-fields';
import { hoursSummary } from './hours';
import type { ScheduleChangeInput, ScheduledChange, WorkHours } from './types';

/** One entry of a row's 'Scheduled Changes:' list; may stand for several stored changes. */
export interface ScheduleItem {
  key: string;
  actionTime: string;
  /** The change acted on (deleted first). */
  primary: ScheduledChange;
  /** Changes that belong with it (same time): updateReason, workHours, other address parts. */
  partners: ScheduledChange[];
  /** Display text of the scheduled value. */
  display: string;
  /** The value to preset when the change is edited (search fields). */
  editValue: unknown;
}

/** Parses an AWSJSON value (a JSON string, or already a value). */
export function parseJsonValue(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** JSON text of a value for createScheduleChange. */
export function jsonValue(v: unknown): string {
  return JSON.stringify(v);
}

const reasonFor = (c: ScheduledChange, attr: string): string | undefined => {
  const v = c.change.value;
  if (v && typeof v === 'object' && attr in (v as Record<string, unknown>)) {
    return String((v as Record<string, unknown>)[attr]);
  }
  return undefined;
};

const byTime = (a: ScheduleItem, b: ScheduleItem) => a.actionTime.localeCompare(b.actionTime);

/** Groups a location's scheduled changes into the items listed under one row. */
export function scheduleItemsFor(def: FieldDef, changes: ScheduledChange[]): ScheduleItem[] {
  const sameTime = (t: string, attr: string) =>
    changes.filter((c) => c.actionTime === t && c.change.attribute === attr);

  if (def.kind === 'address') {
    const times = [...new Set(changes.filter((c) => (ADDRESS_FIELDS as readonly string[]).includes(c.change.attribute)).map((c) => c.actionTime))];
    return times
      .map((t) => {
        const parts = changes.filter((c) => c.actionTime === t && (ADDRESS_FIELDS as readonly string[]).includes(c.change.attribute));
        const val = (f: string) => parts.find((p) => p.change.attribute === f)?.change.value;
        const display = ADDRESS_FIELDS.filter((f) => val(f) !== undefined)
          .map((f) => `${f}: ${String(val(f))}`)
          .join(', ');
        return {
          key: parts.map((p) => p.uuid).join('+'),
          actionTime: t,
          primary: parts[0],
          partners: parts.slice(1),
          display,
          editValue: Object.fromEntries(parts.map((p) => [p.change.attribute, p.change.value])),
        };
      })
      .sort(byTime);
  }

  if (def.kind === 'hours') {
    const items: ScheduleItem[] = [];
    for (const c of changes.filter((x) => x.change.attribute === 'hours')) {
      const partners = sameTime(c.actionTime, 'workHours');
      items.push({ key: c.uuid, actionTime: c.actionTime, primary: c, partners, display: String(c.change.value ?? ''), editValue: c.change.value });
    }
    for (const c of changes.filter((x) => x.change.attribute === 'workHours')) {
      if (items.some((i) => i.actionTime === c.actionTime)) continue;
      items.push({
        key: c.uuid,
        actionTime: c.actionTime,
        primary: c,
        partners: [],
        display: hoursSummary(false, c.change.value as WorkHours),
        editValue: c.change.value,
      });
    }
    return items.sort(byTime);
  }

  const own = changes.filter((c) => c.change.attribute === def.key);
  return own
    .map((c) => {
      const partners =
        def.kind === 'allocation' || def.kind === 'reserve'
          ? sameTime(c.actionTime, 'updateReason').filter((u) => reasonFor(u, def.key) !== undefined)
          : [];
      const reason = partners.length ? reasonFor(partners[0], def.key) : undefined;
      const display = formatValue(def, c.change.value) + (reason ? ` (${reason})` : '');
      return { key: c.uuid, actionTime: c.actionTime, primary: c, partners, display, editValue: c.change.value };
    })
    .sort(byTime);
}

/** The createScheduleChange entries for a row's new value at a time. */
export function scheduleInputs(
  location: string,
  values: Record<string, unknown>,
  dateTime: string,
): ScheduleChangeInput[] {
  return Object.entries(values).map(([attribute, v]) => ({
    location,
    attribute,
    value: jsonValue(v),
    dateTime,
  }));
}

/** Converts a datetime-local value ('2026-01-02T10:30') to ISO text. */
export function localToIso(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The opposite: ISO text to a datetime-local value in local time. */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
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

/** A short local time text for a scheduled change. */
export function formatActionTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * Values as a person reads them, for every screen that shows a stored value
 * (schedules, history, upcoming changes, diffs) instead of raw JSON:
 *
 * - strings as they are, an empty string as '(empty)';
 * - numbers as they are; booleans as Yes / No; null and absent as 'None';
 * - arrays joined with ', '; a [from, to] pair of times as '08:00 to 17:00';
 * - objects as `key: value` pairs joined with ', ' (a nested list in parentheses);
 * - day-schedule maps ({"Monday": 1, "Sunday": 0}) as the days that are on, in
 *   week order ('Mon, Tue'), or 'None'; other day-keyed maps (work hours) in
 *   week order ('Mon: 08:00 to 17:00').
 */

export const NONE = 'None';
export const EMPTY = '(empty)';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const TIME = /^\d{1,2}:\d{2}(:\d{2})?$/;

/** 0 to 6 for a day name ('Monday', 'mon'), -1 for any other key. */
function dayIndex(key: string): number {
  const k = key.toLowerCase();
  return DAYS.findIndex((d) => d.toLowerCase() === k || d.slice(0, 3).toLowerCase() === k);
}

const isFlag = (v: unknown) => v === true || v === false || v === 0 || v === 1 || v === '0' || v === '1';
const isOn = (v: unknown) => v === true || Number(v) === 1;
const shortDay = (key: string) => DAYS[dayIndex(key)].slice(0, 3);

/** A value inside a list or a pair: a list of several parts goes in parentheses. */
function nested(v: unknown): string {
  const text = displayValue(v);
  return typeof v === 'object' && v !== null && text.includes(', ') ? `(${text})` : text;
}

/** A value as a person reads it (see the module's comment). */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return NONE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value === '' ? EMPTY : value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return NONE;
    if (value.length === 2 && value.every((v) => typeof v === 'string' && TIME.test(v)))
      return `${value[0]} to ${value[1]}`;
    return value.map(nested).join(', ');
  }
  if (typeof value === 'object') {
    const entries: [string, unknown][] = Object.entries(value);
    if (entries.length === 0) return NONE;
    if (entries.every(([k]) => dayIndex(k) >= 0)) {
      const week = [...entries].sort(([a], [b]) => dayIndex(a) - dayIndex(b));
      if (week.every(([, v]) => isFlag(v))) {
        const on = week.filter(([, v]) => isOn(v)).map(([k]) => shortDay(k));
        return on.length > 0 ? on.join(', ') : NONE;
      }
      return week.map(([k, v]) => `${shortDay(k)}: ${nested(v)}`).join(', ');
    }
    return entries.map(([k, v]) => `${k}: ${nested(v)}`).join(', ');
  }
  return String(value);
}

/** A JSON text (an AWSJSON value, as history and schedules store it) as a person reads it; other text as it is. */
export function displayJson(text: string | null | undefined): string {
  if (text === null || text === undefined) return NONE;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return displayValue(text);
  }
  return displayValue(value);
}

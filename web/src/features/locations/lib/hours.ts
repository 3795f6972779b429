import { byWeekday, WEEKDAYS, DAY_SHORT, type Weekday } from './constants';
import type { WorkHours } from './types';
import { EDIT_CHECKS, fillMessage } from '@/lib/rules';

export const ALL_DAY: [string, string] = ['00:00', '23:59'];
export const TWENTY_FOUR_HOURS = '24 Hours';

export interface DayHours {
  from: string;
  to: string;
}
export type DayHoursMap = Record<Weekday, DayHours>;

/** Editor state of the hours dialog. `is24` is '' until the user chooses. */
export interface HoursForm {
  is24: 'yes' | 'no' | '';
  days: DayHoursMap;
}

export function emptyDays(): DayHoursMap {
  return byWeekday(() => ({ from: '', to: '' }));
}

/** Is every day 00:00 to 23:59 (or the summary '24 Hours')? */
export function isAllDay(workHours: WorkHours | null | undefined): boolean {
  if (!workHours) return false;
  return WEEKDAYS.every((d) => {
    const ranges = workHours[d];
    return Array.isArray(ranges) && ranges.length === 1 && ranges[0][0] === ALL_DAY[0] && ranges[0][1] === ALL_DAY[1];
  });
}

/** Builds the editor state from a stored location. */
export function hoursFormFrom(hours: string | null | undefined, workHours: WorkHours | null | undefined): HoursForm {
  const days = emptyDays();
  const is24 = hours === TWENTY_FOUR_HOURS || hours === '1' || (!hours && isAllDay(workHours));
  if (is24) return { is24: 'yes', days };
  if (workHours) {
    for (const d of WEEKDAYS) {
      const first = workHours[d]?.[0];
      if (first) days[d] = { from: first[0] ?? '', to: first[1] ?? '' };
    }
  }
  return { is24: hours || workHours ? 'no' : '', days };
}

/** Copies Monday's times to Tuesday through Friday. */
export function copyMondayToWeekdays(days: DayHoursMap): DayHoursMap {
  const mon = days.Monday;
  return {
    ...days,
    Tuesday: { ...mon },
    Wednesday: { ...mon },
    Thursday: { ...mon },
    Friday: { ...mon },
  };
}

/** The hours editor's messages as the server words them ({id}, {day} filled in). */
const HOURS = EDIT_CHECKS.hours;
export const startBeforeEndMessage = (day: string) => fillMessage(HOURS.startBeforeEnd, { day });

/** Validates the hours dialog (§5.2); returns the first message or null. */
export function validateHours(form: HoursForm, id: string): string | null {
  if (form.is24 !== 'yes' && form.is24 !== 'no') return fillMessage(HOURS.choose24, { id });
  if (form.is24 === 'yes') return null;
  let filled = 0;
  for (const d of WEEKDAYS) {
    const { from, to } = form.days[d];
    if (!!from !== !!to) return fillMessage(HOURS.bothOrNeither, { day: d });
    if (from && to) {
      if (from >= to) return startBeforeEndMessage(d);
      filled += 1;
    }
  }
  if (filled === 0) return HOURS.noDay;
  return null;
}

/** The workHours object sent to the server: every day [[from,to]] or []. */
export function workHoursFrom(form: HoursForm): Record<Weekday, [string, string][]> {
  return byWeekday<[string, string][]>((d) => {
    if (form.is24 === 'yes') return [[...ALL_DAY]];
    const { from, to } = form.days[d];
    return from && to ? [[from, to]] : [];
  });
}

function rangesKey(ranges: [string, string][] | undefined): string {
  if (!ranges || ranges.length === 0) return '';
  return ranges.map(([a, b]) => `${a} to ${b}`).join(', ');
}

/**
 * The hours summary (§5.2): '24 Hours', or e.g. 'Mon-Fri 08:00 to 17:00; '
 * with consecutive identical days merged. Days without hours are left out.
 */
export function hoursSummary(is24: boolean, workHours: WorkHours | null | undefined): string {
  if (is24) return TWENTY_FOUR_HOURS;
  let out = '';
  let i = 0;
  while (i < WEEKDAYS.length) {
    const key = rangesKey(workHours?.[WEEKDAYS[i]]);
    let j = i;
    while (j + 1 < WEEKDAYS.length && rangesKey(workHours?.[WEEKDAYS[j + 1]]) === key) j += 1;
    if (key) {
      const span = i === j ? DAY_SHORT[WEEKDAYS[i]] : `${DAY_SHORT[WEEKDAYS[i]]}-${DAY_SHORT[WEEKDAYS[j]]}`;
      out += `${span} ${key}; `;
    }
    i = j + 1;
  }
  return out;
}

/** The hours output of the editor: summary plus workHours per day. */
export function hoursOutput(form: HoursForm): {
  is24Hours: boolean;
  hours: string;
  workHours: Record<Weekday, [string, string][]>;
} {
  const workHours = workHoursFrom(form);
  const is24Hours = form.is24 === 'yes';
  return { is24Hours, hours: hoursSummary(is24Hours, workHours), workHours };
}

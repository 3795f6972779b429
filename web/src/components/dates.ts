/** Today's date (YYYY-MM-DD) in an IANA time zone (the browser's by default). */
export function todayIn(timeZone?: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface DateTimeRangeValue {
  /** 'YYYY-MM-DDTHH:mm' wall time in the range's zone. */
  start: string;
  end: string;
}

export const RANGE_ORDER_MESSAGE = 'The end must not be before the start.';

/** Wall times of one zone compare as text; only a complete, reversed range is an error. */
export function rangeError(range: DateTimeRangeValue): string | null {
  if (!range.start || !range.end) return null;
  return range.end < range.start ? RANGE_ORDER_MESSAGE : null;
}

/** Today 00:00 to 23:59 in the zone. */
export function todayRange(timeZone?: string, now: Date = new Date()): DateTimeRangeValue {
  const day = todayIn(timeZone, now);
  return { start: `${day}T00:00`, end: `${day}T23:59` };
}

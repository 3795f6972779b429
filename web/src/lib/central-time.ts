/** America/Chicago: the zone of segment events, health times and the stocking dashboard (2-fleet §2.3, §2.4, §9). */
export const CENTRAL_ZONE = 'America/Chicago';

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: CENTRAL_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'YYYY-MM-DD HH:mm:ss' of an instant in America/Chicago; the text itself when it is not a date. */
export function centralTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return instant;
  const p = Object.fromEntries(formatter.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** 'HH:mm' in America/Chicago (chart axis). */
export function centralHourMinute(instant: string): string {
  return centralTime(instant).slice(11, 16);
}

const WALL_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Milliseconds of a Central wall time ('YYYY-MM-DDTHH:mm', a datetime-local value); null when it is not one. */
export function centralMillis(wall: string): number | null {
  if (!WALL_RE.test(wall)) return null;
  const guess = Date.parse(`${wall}:00Z`);
  if (Number.isNaN(guess)) return null;
  // The offset read at the guess, then once more at the corrected time (a DST change between them).
  let t = guess;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${centralTime(new Date(t).toISOString()).replace(' ', 'T')}Z`);
    t += guess - shown;
  }
  return t;
}

/**
 * A Central wall time ('YYYY-MM-DDTHH:mm') as an ISO instant with its Central offset
 * ('2026-07-01T10:20:00-05:00'), as AWSDateTime inputs take it. Null when it is not a wall time,
 * or names none (the hour skipped when the clocks go forward).
 */
export function centralInstant(wall: string): string | null {
  const t = centralMillis(wall);
  if (t === null) return null;
  const shown = centralTime(new Date(t).toISOString()).replace(' ', 'T');
  if (shown.slice(0, 16) !== wall) return null;
  const offset = Math.round((Date.parse(`${shown}Z`) - t) / 60_000);
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${shown}${offset < 0 ? '-' : '+'}${hhmm}`;
}

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

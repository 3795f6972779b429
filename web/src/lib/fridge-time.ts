/**
 * Fridge time: schedule times are entered and shown in the fridge's own zone,
 * never the browser's. The server names the zone (`timeZoneLabel`,
 * `timeZoneIana`); the table below only covers a location read before those
 * fields existed, and mirrors the server's (unknown or missing = Central).
 */
export interface FridgeZone {
  /** CT, ET, MT or PT. */
  label: string;
  /** e.g. America/Chicago. */
  iana: string;
}

const ZONES: Record<string, FridgeZone> = {
  CHICAGO: { label: 'CT', iana: 'America/Chicago' },
  NEWYORK: { label: 'ET', iana: 'America/New_York' },
  DENVER: { label: 'MT', iana: 'America/Denver' },
  LOSANGELES: { label: 'PT', iana: 'America/Los_Angeles' },
  INDIANAPOLIS: { label: 'ET', iana: 'America/Indiana/Indianapolis' },
};

export function fridgeZone(
  loc: { timeZone?: string | null; timeZoneLabel?: string | null; timeZoneIana?: string | null } | null | undefined,
): FridgeZone {
  const fallback = ZONES[loc?.timeZone ?? ''] ?? ZONES.CHICAGO;
  return { label: loc?.timeZoneLabel || fallback.label, iana: loc?.timeZoneIana || fallback.iana };
}

/** 'YYYY-MM-DD HH:MM' of an instant in an IANA zone, or null when either is unusable. */
export function wallTime(instant: string | number | Date, iana: string): string | null {
  const d = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(d.getTime())) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: iana,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(d);
  } catch {
    return null; // RangeError: a zone this browser does not know.
  }
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** An instant as fridge time with its label, e.g. '2026-11-25 18:00 CT' (the ISO text if it cannot be read). */
export function formatFridgeTime(instant: string, zone: FridgeZone): string {
  const wall = wallTime(instant, zone.iana);
  return wall ? `${wall} ${zone.label}` : instant;
}

/** datetime-local text ('YYYY-MM-DDTHH:MM') of an instant in the fridge's zone. */
export function toFridgeInput(instant: string | number | Date, zone: FridgeZone): string {
  return wallTime(instant, zone.iana)?.replace(' ', 'T') ?? '';
}

const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/;

/**
 * A datetime-local value as the `localDateTime` the server takes
 * ('YYYY-MM-DDTHH:MM'), or null when it is not one. Seconds are dropped.
 */
export function normaliseLocalDateTime(text: string): string | null {
  const m = LOCAL_RE.exec(text.trim());
  return m ? `${m[1]}T${m[2]}` : null;
}

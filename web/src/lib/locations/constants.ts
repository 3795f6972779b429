/** Constants of the locations data shared by the screens (spec 1-locations §9). */

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A value for each weekday, as a record typed by its days (Object.fromEntries would type it by string). */
export function byWeekday<T>(value: (day: Weekday) => T): Record<Weekday, T> {
  return {
    Monday: value('Monday'),
    Tuesday: value('Tuesday'),
    Wednesday: value('Wednesday'),
    Thursday: value('Thursday'),
    Friday: value('Friday'),
    Saturday: value('Saturday'),
    Sunday: value('Sunday'),
  };
}

/** Locations cache is refreshed fully when older than 2 days (§9). */
export const CACHE_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
export const LOCATIONS_PAGE_SIZE = 2500;

/** Constants of the locations data shared by the screens (spec 1-locations §9). */

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Locations cache is refreshed fully when older than 2 days (§9). */
export const CACHE_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
export const LOCATIONS_PAGE_SIZE = 2500;

/** How often the header's age is recomputed (3-planning §4: it follows the clock). */
export const AGE_REFRESH_MS = 30_000;

/** Whole minutes from `timestamp` to `now` (never negative); null without a valid timestamp. */
export function minutesSince(timestamp: string | null | undefined, now: number): number | null {
  if (!timestamp) return null;
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return null;
  return Math.max(0, Math.floor((now - t) / 60_000));
}

/** 'Inventory as of N minutes ago' (3-planning §2); null without a valid timestamp. */
export function inventoryAgeText(timestamp: string | null | undefined, now: number): string | null {
  const m = minutesSince(timestamp, now);
  if (m === null) return null;
  return `Inventory as of ${m} ${m === 1 ? 'minute' : 'minutes'} ago`;
}

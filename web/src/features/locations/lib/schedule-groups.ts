import { COMPLETE_NOW_DELAY_MS } from './constants';
import type { ScheduledChange } from './types';

/** How often a screen reads again while a change it lists is about to apply. */
export const WATCH_EVERY_MS = 2000;
/**
 * How long after a change fell due a screen still watches for it: its wake-up applies it within seconds, the
 * scheduler's once-a-minute run within about 65 s when a wake-up is lost.
 */
export const WATCH_AFTER_DUE_MS = 75_000;

/**
 * True while a pending change is due within Complete Now's delay or fell due in the last `WATCH_AFTER_DUE_MS`: it is
 * seconds from being applied, so its screen reads again every `WATCH_EVERY_MS`. A change stuck past that is left.
 */
export function awaitingScheduler(changes: readonly ScheduledChange[] | undefined, now = Date.now()): boolean {
  return (changes ?? []).some((c) => {
    if (c.status !== 'PENDING') return false;
    const due = Date.parse(c.actionTime);
    return due <= now + COMPLETE_NOW_DELAY_MS && due > now - WATCH_AFTER_DUE_MS;
  });
}

/** The changes of one location at one instant: acted on together (an allocation and its reason). */
export interface ChangeGroup {
  key: string;
  location: string;
  actionTime: string;
  when: string;
  status: 'PENDING' | 'FAILED';
  changes: ScheduledChange[];
  warning: string | null;
  failureReason: string | null;
}

/** Changes grouped by location, instant and status, soonest first. */
export function changeGroups(changes: ScheduledChange[]): ChangeGroup[] {
  const groups = new Map<string, ChangeGroup>();
  for (const c of changes) {
    const key = `${c.id}|${c.actionTime}|${c.status}`;
    const g = groups.get(key);
    if (g) {
      g.changes.push(c);
      g.warning ??= c.deadlineWarning ?? null;
    } else {
      groups.set(key, {
        key,
        location: c.id,
        actionTime: c.actionTime,
        when: `${c.localActionTime ?? c.actionTime} ${c.timeZoneLabel ?? ''}`.trim(),
        status: c.status,
        changes: [c],
        warning: c.deadlineWarning ?? null,
        failureReason: c.failureReason ?? null,
      });
    }
  }
  return [...groups.values()].sort(
    (a, b) => a.actionTime.localeCompare(b.actionTime) || a.location.localeCompare(b.location),
  );
}

/** Complete Now: the same changes again, due in about 5 seconds (1-locations §4). */
export function completeNowOf(g: ChangeGroup, now = Date.now()) {
  const dateTime = new Date(now + COMPLETE_NOW_DELAY_MS).toISOString();
  return g.changes.map((c) => ({
    location: c.change.id || c.id,
    attribute: c.change.attribute,
    value: c.change.rawValue ?? JSON.stringify(c.change.value),
    dateTime,
  }));
}

import { COMPLETE_NOW_DELAY_MS } from './constants';
import type { ScheduledChange } from './types';

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

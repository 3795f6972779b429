import { count } from '@/lib/count';
import { isForbidden } from '@/lib/api';
import { reportProhibited } from '@/lib/prohibited';
import type { ScheduledChange } from './types';

/** The delete call (deleteScheduleChange), passed in so the loop is tested without a server. */
export type DeleteChange = (input: { uuid: string; actionTime: string }) => Promise<unknown>;

/** A change that was not deleted, with the reason shown to the user. */
export interface DeleteFailure {
  change: ScheduledChange;
  message: string;
  /** What the server answered. */
  error?: unknown;
}

/**
 * Deletes every change, one after the other, and returns each that failed (issue 20:
 * errors after the first were swallowed). The server answers `false`, not an error, for
 * a change already deleted with its allocation pair, so every error is a real one.
 */
export async function deleteEach(
  changes: ScheduledChange[],
  del: DeleteChange,
  describe: (err: unknown) => string,
): Promise<DeleteFailure[]> {
  const failures: DeleteFailure[] = [];
  for (const change of changes) {
    try {
      await del({ uuid: change.uuid, actionTime: change.actionTime });
    } catch (err) {
      failures.push({ change, message: describe(err), error: err });
    }
  }
  return failures;
}

/** What a MessageDialog shows when some deletions failed: one line per failed change. */
export interface FailureReport {
  title: string;
  text: string;
  items: string[];
}

const when = (c: ScheduledChange) =>
  c.localActionTime ? `${c.localActionTime} ${c.timeZoneLabel ?? ''}`.trim() : c.actionTime;

/** `lead` says what it means for the action (e.g. nothing was completed now). */
export function failureReport(failures: DeleteFailure[], total: number, lead: string): FailureReport {
  const deleted = total - failures.length;
  return {
    title: `${count(failures.length, 'scheduled change')} not deleted`,
    text: `${lead} ${deleted} of ${count(total, 'change')} deleted; ${failures.length === 1 ? 'this one was' : 'these were'} not:`,
    items: failures.map((f) => `${f.change.change.attribute} at ${when(f.change)}: ${f.message}`),
  };
}

/**
 * A deletion the server refused wholly for want of permission (nothing deleted, every failure a
 * 403/Forbidden) opens the kit's dialog ('Error! User Action Prohibited!') instead of a report of
 * raw messages: true when it did. A partial deletion is still reported change by change (issue 20).
 */
export function reportedAsProhibited(failures: DeleteFailure[], total: number): boolean {
  if (failures.length === 0 || failures.length < total || !failures.every((f) => isForbidden(f.error))) return false;
  reportProhibited();
  return true;
}

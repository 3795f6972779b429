import type { RouteAssignment } from '../api/route-assignments';

export const NO_DRIVER = 'No driver';
export const SAVE_DRIVER_FAILURE = 'Unable to save the driver, Please check your internet and your permissions';
export const LOAD_DRIVERS_FAILURE = 'Unable to load the drivers, Please check your internet and your permissions';

/** What a route's header says about its driver: the e-mail, and whether the driver claimed it. */
export function driverText(
  assignment: Pick<RouteAssignment, 'driverEmail' | 'source'> | undefined,
  state: { loaded: boolean; failed: boolean },
): string {
  if (assignment) {
    return `Driver: ${assignment.driverEmail}${assignment.source === 'claim' ? ' (claimed by the driver)' : ''}`;
  }
  if (state.failed) return 'Driver: not loaded';
  if (!state.loaded) return 'Driver: loading…';
  return NO_DRIVER;
}

/** The day's drivers' e-mails, each once, sorted: the e-mail field's suggestions. */
export function dayEmails(assignments: Pick<RouteAssignment, 'driverEmail'>[]): string[] {
  return [...new Set(assignments.map((a) => a.driverEmail))].sort();
}

import type { RouteAssignment } from '../api/route-assignments';
import { usDate } from './route-table';

export const NO_DRIVER = 'No driver';
export const SAVE_DRIVER_FAILURE = 'Unable to save the driver, Please check your internet and your permissions';
export const LOAD_DRIVERS_FAILURE = 'Unable to load the drivers, Please check your internet and your permissions';

/** The question before a route's driver is cleared (the date YYYY-MM-DD, shown MM/DD/YYYY). */
export const removeDriverQuestion = (email: string, route: string, date: string) =>
  `Remove ${email} as the driver of route ${route} on ${usDate(date)}? The route will have no driver.`;

/** What a saved change did: the driver now (the server's answer), or none. */
export function driverSavedText(driverEmail: string | null | undefined, route: string, date: string): string {
  return driverEmail
    ? `${driverEmail} now drives route ${route} on ${usDate(date)}.`
    : `Route ${route} on ${usDate(date)} has no driver now.`;
}

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

import type { RouteAssignment } from '../api/route-assignments';
import type { RouteDriverChoice } from '../api/route-driver-choices';
import { usDate } from './route-table';

export const NO_DRIVER = 'No driver';
export const SAVE_DRIVER_FAILURE = 'Unable to save the driver, Please check your internet and your permissions';
export const LOAD_DRIVERS_FAILURE = 'Unable to load the drivers, Please check your internet and your permissions';
/** The list of users who may drive could not be read: the field still takes a typed e-mail. */
export const LOAD_CHOICES_FAILURE = "The list of drivers could not be loaded. You can still type a driver's e-mail.";

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

/**
 * What a suggestion of the driver e-mail field says beside the e-mail it puts in the field (its
 * value): the user's name. Chromium's list shows an option's value and its label side by side, so
 * the e-mail in the label too would show twice; an option without a name has no label (the e-mail
 * alone). Browsers that show only the label (Firefox) show the name, and put the e-mail in the field.
 */
export function choiceLabel(choice: Pick<RouteDriverChoice, 'email' | 'name'>): string | undefined {
  const name = choice.name?.trim();
  return name && name !== choice.email ? name : undefined;
}

import { allows } from '@/lib/access';

/** The calls a location's detail page edits with: a user who may make one of them is offered the edit fields. */
export const LOCATION_EDIT_CALLS = ['updateLocation', 'createScheduleChange'] as const;

/** Whether a user with these actions may edit a location (and so needs the name lists its fields offer). */
export function mayEditLocation(actions: readonly string[]): boolean {
  return LOCATION_EDIT_CALLS.some((call) => allows(actions, call));
}

import { errorMessage, isForbidden, PROHIBITED_MESSAGE } from '@/lib/api';
import type { UserPermissions } from './api/get-permissions';

/** The text to show for a failed permissions call. */
export function permissionsError(err: unknown, fallback: string): string {
  return isForbidden(err) ? PROHIBITED_MESSAGE : errorMessage(err, fallback);
}

/** How a user is named on the screen: the e-mail, or the id when the user is gone from the pool. */
export function userLabel(u: Pick<UserPermissions, 'user' | 'email'>): string {
  return u.email || `Unknown user (${u.user})`;
}

/** Users sorted by e-mail (case-insensitive); users without e-mail last. */
export function sortUsers(users: UserPermissions[]): UserPermissions[] {
  return [...users].sort((a, b) => {
    if (!a.email !== !b.email) return a.email ? -1 : 1;
    return userLabel(a).localeCompare(userLabel(b), undefined, { sensitivity: 'base' });
  });
}

import { errorMessage, isForbidden, PROHIBITED_MESSAGE } from '@/lib/api';
import type { PermissionChangeRecord, UserPermissions } from './api/get-permissions';
import { byTextCaseless } from '@/lib/collate';

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
    return byTextCaseless(userLabel(a), userLabel(b));
  });
}

/** One row of 'Recent permission changes'. */
export interface PermissionChangeRow {
  key: string;
  at: string;
  who: string;
  /** The user's e-mail when the user is in the list, else their id (`sub`). */
  user: string;
  action: string;
  change: 'Granted' | 'Removed';
}

/**
 * The rows of the changes, in the server's order (newest first). The attribute is
 * '<userSub> <Action>': an action never holds a space, so the last one splits them.
 */
export function permissionChangeRows(
  records: PermissionChangeRecord[],
  users: Pick<UserPermissions, 'user' | 'email'>[],
): PermissionChangeRow[] {
  const emails = new Map(users.filter((u) => u.email).map((u) => [u.user, u.email]));
  return records.flatMap((r, i) =>
    r.changes.map((c, j) => {
      const space = c.attribute.lastIndexOf(' ');
      const sub = space < 0 ? c.attribute : c.attribute.slice(0, space);
      return {
        key: `${i}-${j}`,
        at: r.at,
        who: r.who,
        user: emails.get(sub) ?? sub,
        action: space < 0 ? '' : c.attribute.slice(space + 1),
        change: c.newValue === 'true' ? 'Granted' : 'Removed',
      };
    }),
  );
}

/** '1 action', '3 actions'. */
export function actionsText(n: number): string {
  return n === 1 ? '1 action' : `${n} actions`;
}

/** A user the search keeps, and the actions to list for them. */
export interface UserMatch {
  user: UserPermissions;
  /** Every action when the e-mail matched (or no search); else only the matching actions. */
  shown: string[];
  /** True when the user is kept for their actions only: their card opens on the matches. */
  byAction: boolean;
}

/**
 * The users a search keeps (case-insensitive, by e-mail or by action), in the given order. A user
 * whose e-mail matches lists all their actions; one kept for their actions lists only those.
 */
export function searchUsers(users: UserPermissions[], search: string): UserMatch[] {
  const q = search.trim().toLowerCase();
  if (!q) return users.map((user) => ({ user, shown: user.actions, byAction: false }));
  return users.flatMap((user): UserMatch[] => {
    if (userLabel(user).toLowerCase().includes(q)) return [{ user, shown: user.actions, byAction: false }];
    const shown = user.actions.filter((a) => a.toLowerCase().includes(q));
    return shown.length ? [{ user, shown, byAction: true }] : [];
  });
}

import { useQuery } from '@tanstack/react-query';
import { isForbidden, rest } from '@/lib/api';

export interface UserPermissions {
  /** Cognito `sub`. */
  user: string;
  /** Empty when the user no longer exists in the user pool. */
  email: string;
  actions: string[];
}

export interface PermissionGroup {
  group: string;
  actions: string[];
}

/** One attribute of a history record; for permissions `attribute` is '<userSub> <Action>'. */
export interface PermissionChange {
  attribute: string;
  /** 'true' when held before, 'false' when not. */
  oldValue: string | null;
  /** 'true' = granted, 'false' = removed. */
  newValue: string | null;
}

/** A history record of a grant or a removal (issue 20), written in the change's own transaction. */
export interface PermissionChangeRecord {
  /** ISO instant. */
  at: string;
  /** Who made the change, as the server names them. */
  who: string;
  source: string;
  changes: PermissionChange[];
}

export interface PermissionsResponse {
  users: UserPermissions[];
  groups: PermissionGroup[];
  /** Every known action. */
  actions: string[];
  /** The last 50 grants and removals, newest first; absent from a server older than issue 20. */
  changes?: PermissionChangeRecord[];
}

export const permissionsQueryKey = ['users', 'permissions'] as const;

export function getPermissions(): Promise<PermissionsResponse> {
  return rest<PermissionsResponse>('GET', '/users/permissions');
}

export function usePermissions() {
  return useQuery({
    queryKey: permissionsQueryKey,
    queryFn: getPermissions,
    // A permission failure will not heal by retrying.
    retry: (count, err) => !isForbidden(err) && count < 2,
  });
}

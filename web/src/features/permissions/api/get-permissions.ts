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

export interface PermissionsResponse {
  users: UserPermissions[];
  groups: PermissionGroup[];
  /** Every known action. */
  actions: string[];
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

import { queryOptions, useQuery } from '@tanstack/react-query';
import { isForbidden, rest } from '@/lib/api';
import type {
  ChangeView,
  GroupView,
  Permissions,
  RecordView,
  UserPermissions as WireUserPermissions,
} from '@/generated/rest/responses';

/**
 * `GET /users/permissions`, as the server types it: each user (`user` the Cognito `sub`; `email`
 * empty when the user no longer exists in the user pool) with their actions, the groups, every known
 * action, and the last 50 grants and removals, newest first (issue 20).
 */
export type PermissionsResponse = Permissions;
export type UserPermissions = WireUserPermissions;
export type PermissionGroup = GroupView;
/** A history record of a grant or a removal, written in the change's own transaction. */
export type PermissionChangeRecord = RecordView;
/**
 * One attribute of a history record: `attribute` is '<userSub> <Action>'; `oldValue` 'true' when
 * held before, 'false' when not; `newValue` 'true' = granted, 'false' = removed.
 */
export type PermissionChange = ChangeView;

export const permissionsQueryKey = ['users', 'permissions'] as const;

export function getPermissions(): Promise<PermissionsResponse> {
  return rest('get_user_permissions', {});
}

/** The screen's query, also asked for ahead of its render (preload-permissions.ts). */
export const permissionsQuery = queryOptions({
  queryKey: permissionsQueryKey,
  queryFn: getPermissions,
  // A permission failure will not heal by retrying.
  retry: (count, err) => !isForbidden(err) && count < 2,
});

export function usePermissions() {
  return useQuery(permissionsQuery);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import { permissionsQueryKey } from './get-permissions';
import type { PermissionInput } from './grant-permission';

export interface RemoveResult {
  user: string;
  action: string;
  /** False when the user did not have the action. */
  removed: boolean;
}

export function removePermission(input: PermissionInput): Promise<RemoveResult> {
  return rest<RemoveResult>('POST', '/users/permissions/remove', input);
}

export function useRemovePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import type { Revoked } from '@/generated/rest/responses';
import { permissionsQueryKey } from './get-permissions';
import type { PermissionInput } from './grant-permission';

/** The removal as the server answers it: `removed` false when the user did not have the action. */
export type RemoveResult = Revoked;

export function removePermission(input: PermissionInput): Promise<RemoveResult> {
  return rest('remove_user_permission', input);
}

export function useRemovePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsQueryKey }),
  });
}

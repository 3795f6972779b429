import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import type { Granted } from '@/generated/rest/responses';
import { permissionsQueryKey } from './get-permissions';

export interface PermissionInput {
  /** Cognito `sub` of the user. */
  user: string;
  action: string;
}

/** The grant as the server answers it (`granted` also when it was held already). */
export type GrantResult = Granted;

export function grantPermission(input: PermissionInput): Promise<GrantResult> {
  return rest('add_user_permission', input);
}

export function useGrantPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantPermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsQueryKey }),
  });
}

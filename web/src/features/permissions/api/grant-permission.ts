import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rest } from '@/lib/api';
import { permissionsQueryKey } from './get-permissions';

export interface PermissionInput {
  /** Cognito `sub` of the user. */
  user: string;
  action: string;
}

export interface GrantResult {
  user: string;
  action: string;
  granted: boolean;
}

export function grantPermission(input: PermissionInput): Promise<GrantResult> {
  return rest<GrantResult>('POST', '/users/permissions', input);
}

export function useGrantPermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantPermission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionsQueryKey }),
  });
}

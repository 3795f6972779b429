import { useQuery } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';

export interface CurrentUser {
  /** The `email` claim of the ID token. */
  email: string;
  /** The Cognito user id (`sub`). */
  sub: string;
}

export const currentUserQueryKey = ['auth', 'current-user'] as const;

export async function getCurrentUser(): Promise<CurrentUser> {
  const session = await fetchAuthSession();
  const payload = session.tokens?.idToken?.payload;
  return {
    email: typeof payload?.email === 'string' ? payload.email : '',
    sub: typeof payload?.sub === 'string' ? payload.sub : '',
  };
}

/** The signed-in user (e-mail from the ID token). The query cache is cleared on sign-in/out. */
export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: Infinity });
  return { user: query.data ?? null, isLoading: query.isLoading };
}

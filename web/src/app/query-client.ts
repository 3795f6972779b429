import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { reportIfProhibited } from '@/lib/prohibited';

/** Retry only what may heal: network failures and 5xx answers, at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) {
    if (error.status !== undefined) return error.status >= 500;
    return error.errorType === undefined || error.errorType === 'InternalError';
  }
  return true;
}

/**
 * A permission failure of any mutation opens the kit's dialog (ProhibitedDialog), unless the mutation
 * shows its failures itself (`meta: SHOWS_OWN_ERRORS`).
 */
export function reportingMutationCache(): MutationCache {
  return new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.showsOwnErrors) return;
      reportIfProhibited(error);
    },
  });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: reportingMutationCache(),
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 10 * 60_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

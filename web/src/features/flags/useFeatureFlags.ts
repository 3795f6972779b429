import { useQuery } from '@tanstack/react-query';
import { getFeatureFlags } from './api/get-feature-flags';

export const FEATURE_FLAGS = {
  dropOverride: 'drop-override',
  jitManagement: 'jit-management',
} as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS] | (string & {});

export const featureFlagsQueryKey = ['feature-flags'] as const;

/** The signed-in user's flags; `has(flag)` is false while loading or when the lookup failed. */
export function useFeatureFlags() {
  const query = useQuery({ queryKey: featureFlagsQueryKey, queryFn: getFeatureFlags, staleTime: 5 * 60_000 });
  const flags = query.data ?? [];
  return {
    flags,
    isLoading: query.isLoading,
    isError: query.isError,
    has: (flag: FeatureFlag) => flags.includes(flag),
  };
}

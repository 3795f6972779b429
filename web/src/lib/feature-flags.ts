import { useAccess } from '@/lib/access/useAccess';

export const FEATURE_FLAGS = {
  dropOverride: 'drop-override',
  jitManagement: 'jit-management',
} as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS] | (string & {});

/**
 * The signed-in user's flags, from the one access query (myAccess) that also
 * carries their actions; `has(flag)` is false while loading or when the lookup failed.
 */
export function useFeatureFlags() {
  const access = useAccess();
  return {
    flags: access.flags,
    isLoading: access.isLoading,
    isError: access.isError,
    has: (flag: FeatureFlag) => access.flags.includes(flag),
  };
}

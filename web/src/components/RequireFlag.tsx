import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useFeatureFlags, type FeatureFlag } from '@/lib/feature-flags';

/** Renders its children only for users with `flag`; others are redirected to /home. Nothing while loading. */
export function RequireFlag({ flag, children }: { flag: FeatureFlag; children: ReactNode }) {
  const { isLoading, has } = useFeatureFlags();
  if (isLoading) return null;
  if (!has(flag)) return <Navigate to="/home" replace />;
  return <>{children}</>;
}

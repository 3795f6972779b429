export { RequireFlag } from './RequireFlag';
export { useFeatureFlags, FEATURE_FLAGS, featureFlagsQueryKey, type FeatureFlag } from './useFeatureFlags';
export { getFeatureFlags } from './api/get-feature-flags';

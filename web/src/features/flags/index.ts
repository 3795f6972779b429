export { RequireFlag } from './RequireFlag';
export { useFeatureFlags, FEATURE_FLAGS, type FeatureFlag } from './useFeatureFlags';

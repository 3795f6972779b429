export { SCREEN_NEEDS, screenNeeds, type ScreenNeeds } from './screens';
export { useAccess, useRefusal, actionFor, accessQueryKey, accessQuery, type Call } from './useAccess';
export { getMyAccess, type Access } from './get-my-access';

export { SCREEN_NEEDS, screenNeeds, type ScreenNeeds } from './screens';
export { useAccess, useRefusal, refusalReason, actionsFor, accessQueryKey, accessQuery, type Call } from './useAccess';
export { getMyAccess, type Access } from './get-my-access';

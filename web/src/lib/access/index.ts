export { SCREEN_NEEDS, screenNeeds, type ScreenNeeds } from './screens';
export { actionsFor, type Call } from './calls';
export { useAccess, useRefusal, refusalReason, accessQueryKey, accessQuery } from './useAccess';
export { getMyAccess, type Access } from './get-my-access';

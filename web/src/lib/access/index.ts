export { SCREEN_NEEDS, screenNeeds, type ScreenNeeds } from './screens';
export { actionsFor, allows, type Call } from './calls';
export { useAccess, useRefusal, refusalReason, accessQueryKey, accessQuery } from './useAccess';
export { getMyAccess, type Access } from './get-my-access';
export { preloadIfAllowed } from './preload-if-allowed';

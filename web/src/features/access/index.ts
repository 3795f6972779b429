export { RequireAccess } from './RequireAccess';
export { Guard } from './Guard';
export { SCREEN_NEEDS, screenNeeds, type ScreenNeeds } from './screens';
export { useAccess, useRefusal, actionFor, accessQueryKey, type Call } from './useAccess';
export { getMyAccess, type Access } from './api/get-my-access';

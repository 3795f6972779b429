export { RequireAccess } from './RequireAccess';
export { useAccess, useRefusal, actionFor, accessQueryKey, type Call } from './useAccess';
export { getMyAccess, type Access } from './api/get-my-access';

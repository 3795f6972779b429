export { AuthGate } from './AuthGate';
export { useCurrentUser, getCurrentUser, type CurrentUser } from './useCurrentUser';

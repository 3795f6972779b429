import { getConfig } from '@/config';

/**
 * Whether Amplify holds a signed-in user in this browser (its token store
 * keeps `CognitoIdentityServiceProvider.<client id>.LastAuthUser`). Only a
 * hint for preloading: the sign-in gate (useAuthStep) still decides who is signed in.
 */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(`CognitoIdentityServiceProvider.${getConfig().userPoolClientId}.LastAuthUser`) !== null;
  } catch {
    return false; // storage disabled
  }
}

import {
  confirmResetPassword,
  confirmSignIn,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  type ResetPasswordOutput,
  type SignInOutput,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { getConfig } from '@/config';

// The sign-in flow the Authenticator ran with a state machine (xstate, its lodash and the
// whole UI library: most of the sign-in page's JavaScript), as a small reducer over the
// aws-amplify/auth calls the console needs: password sign-in, the new password of a user an
// administrator created, the forgotten password, and the new password of a user whose password an
// administrator reset (RESET_PASSWORD: the forgotten-password form, with its code sent). MFA is off
// in the user pool, so signIn answers no other step.

export type AuthStep =
  /** getCurrentUser() has not answered yet. */
  | 'checking'
  | 'signIn'
  /** CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED: a temporary password from an administrator. */
  | 'newPassword'
  | 'forgotPassword'
  /** The code is sent: the code and the new password. */
  | 'confirmResetPassword'
  | 'signedIn';

export interface AuthState {
  step: AuthStep;
  /** A request is running: the form is disabled. */
  pending: boolean;
  /** The last request's error, shown in the form's alert. */
  error: string | null;
  /** The e-mail a reset code was sent for (the confirm step has no e-mail field). */
  resetUsername: string;
}

type Action =
  | { type: 'go'; step: AuthStep; resetUsername?: string }
  | { type: 'pending' }
  | { type: 'idle' }
  | { type: 'error'; message: string };

export const initialAuthState: AuthState = { step: 'checking', pending: false, error: null, resetUsername: '' };

export function authReducer(state: AuthState, action: Action): AuthState {
  switch (action.type) {
    case 'go':
      // Each step starts clean, as the Authenticator's did.
      return {
        step: action.step,
        pending: false,
        error: null,
        resetUsername: action.resetUsername ?? (action.step === 'confirmResetPassword' ? state.resetUsername : ''),
      };
    case 'pending':
      return { ...state, pending: true, error: null };
    case 'idle':
      return { ...state, pending: false };
    case 'error':
      return { ...state, pending: false, error: action.message };
  }
}

/** The Authenticator's wording of an Amplify error (its setRemoteError); Cognito's own message otherwise. */
export function errorMessage(error: unknown): string {
  const { name, message } = (error ?? {}) as { name?: string; message?: string };
  if (name === 'NoUserPoolError') return 'Configuration error (see console) – please contact the administrator';
  if (message?.includes('Invalid code or auth state'))
    return 'The verification code you entered is incorrect. Please try again.';
  if (message?.includes('session is expired')) return 'Your verification code has expired. Please request a new code.';
  if (message?.includes('Cannot send code to either')) return 'Unable to send verification code. Please try again.';
  return message || String(error);
}

/** Where a sign-in answer leads: the console, the new-password form, or an error for a step the console lacks. */
function afterSignIn({ nextStep }: SignInOutput): Action {
  switch (nextStep.signInStep) {
    case 'DONE':
      return { type: 'go', step: 'signedIn' };
    case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
      return { type: 'go', step: 'newPassword' };
    default:
      return {
        type: 'error',
        message: `This sign-in step (${nextStep.signInStep}) is not supported by the Fleet Console. Please contact your administrator.`,
      };
  }
}

/** After a reset code was asked for `username`: its form, or sign-in when Cognito needs no code. */
function codeSent(username: string, { nextStep }: ResetPasswordOutput): Action {
  return nextStep.resetPasswordStep === 'DONE'
    ? { type: 'go', step: 'signIn' }
    : { type: 'go', step: 'confirmResetPassword', resetUsername: username };
}

export interface AuthActions {
  signIn(username: string, password: string): Promise<void>;
  changePassword(newPassword: string): Promise<void>;
  sendResetCode(username: string): Promise<void>;
  resendResetCode(): Promise<void>;
  confirmReset(code: string, newPassword: string): Promise<void>;
  goTo(step: 'signIn' | 'forgotPassword'): void;
}

/** The current step of the sign-in flow and the actions of its forms. */
export function useAuthStep(): [AuthState, AuthActions] {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);

  // Amplify keeps the session in local storage: a returning user goes straight to the console.
  useEffect(() => {
    let live = true;
    getCurrentUser().then(
      () => live && dispatch({ type: 'go', step: 'signedIn' }),
      () => live && dispatch({ type: 'go', step: 'signIn' }),
    );
    return () => {
      live = false;
    };
  }, []);

  // Sign-out from the user menu (or another path), as the Authenticator listened: back to the form.
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
            dispatch({ type: 'go', step: 'signedIn' });
            break;
          case 'signedOut':
            dispatch({ type: 'go', step: 'signIn' });
            break;
          case 'tokenRefresh_failure':
            // The session cannot be renewed (revoked, expired refresh token): sign out, which clears
            // the stored tokens and the caches. A network failure is not that: stay signed in.
            if (payload.data?.error?.name === 'NetworkError') return;
            void signOut()
              .catch(() => undefined)
              .finally(() => dispatch({ type: 'go', step: 'signIn' }));
            break;
        }
      }),
    [],
  );

  // Runs one request: the form is disabled meanwhile, and its failure is shown in the form.
  const run = useCallback(async (request: () => Promise<Action>) => {
    dispatch({ type: 'pending' });
    try {
      dispatch(await request());
    } catch (e) {
      dispatch({ type: 'error', message: errorMessage(e) });
    }
  }, []);

  const { resetUsername } = state;
  const actions = useMemo<AuthActions>(
    () => ({
      signIn: (username, password) =>
        run(async () => {
          const name = username.trim();
          // The flow comes from config.json: USER_PASSWORD_AUTH locally (the emulator), USER_SRP_AUTH on AWS.
          const answer = await signIn({
            username: name,
            password,
            options: { authFlowType: getConfig().authFlowType },
          });
          if (answer.nextStep.signInStep === 'RESET_PASSWORD') {
            // An administrator reset the password: Cognito sends a code for a new one, as a forgotten password.
            return codeSent(name, await resetPassword({ username: name }));
          }
          return afterSignIn(answer);
        }),
      changePassword: (newPassword) =>
        run(async () => afterSignIn(await confirmSignIn({ challengeResponse: newPassword }))),
      sendResetCode: (username) =>
        run(async () => codeSent(username.trim(), await resetPassword({ username: username.trim() }))),
      resendResetCode: () =>
        run(async () => {
          await resetPassword({ username: resetUsername });
          return { type: 'idle' };
        }),
      confirmReset: (code, newPassword) =>
        run(async () => {
          await confirmResetPassword({ username: resetUsername, confirmationCode: code.trim(), newPassword });
          // As the Authenticator: back to the sign-in form, to sign in with the new password.
          return { type: 'go', step: 'signIn' };
        }),
      goTo: (step) => dispatch({ type: 'go', step }),
    }),
    [run, resetUsername],
  );

  return [state, actions];
}

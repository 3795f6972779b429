import { useEffect, type ReactNode } from 'react';
import { AuthFrame, AuthLoader } from './AuthFrame';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ConfirmResetPasswordForm, ForgotPasswordForm } from './ResetPasswordForm';
import { SignInForm } from './SignInForm';
import { hasStoredSession } from './stored-session';
import { useAuthStep } from './useAuthStep';

/** Runs `task` when the browser is idle (after the first paint), or soon where requestIdleCallback is missing. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

/**
 * Sign-in is mandatory for the whole console: nothing below renders until the user is signed in.
 * Our own forms with the Authenticator's markup and texts, on aws-amplify/auth calls: the
 * Authenticator's JavaScript was most of the sign-in page's (issue 44). `onFormShown` runs once
 * the form is on screen and the browser is idle (App fetches the signed-in app meanwhile).
 */
export function AuthGate({ children, onFormShown }: { children: ReactNode; onFormShown?: () => void }) {
  const [state, actions] = useAuthStep();
  const { step, pending, error } = state;
  const formShown = step !== 'checking' && step !== 'signedIn';

  useEffect(() => {
    if (formShown && onFormShown) return whenIdle(onFormShown);
  }, [formShown, onFormShown]);

  switch (step) {
    case 'signedIn':
      return <>{children}</>;
    case 'checking':
      // No form while the session is checked: a returning user would see it flash. The loader
      // only when a session is stored (the app follows, with the same loader while it loads).
      return hasStoredSession() ? <AuthLoader /> : null;
    case 'signIn':
      return (
        <AuthFrame>
          <SignInForm
            pending={pending}
            error={error}
            onSignIn={actions.signIn}
            onForgotPassword={() => actions.goTo('forgotPassword')}
          />
        </AuthFrame>
      );
    case 'newPassword':
      return (
        <AuthFrame>
          <ChangePasswordForm
            pending={pending}
            error={error}
            onChangePassword={actions.changePassword}
            onBack={() => actions.goTo('signIn')}
          />
        </AuthFrame>
      );
    case 'forgotPassword':
      return (
        <AuthFrame>
          <ForgotPasswordForm
            pending={pending}
            error={error}
            onSendCode={actions.sendResetCode}
            onBack={() => actions.goTo('signIn')}
          />
        </AuthFrame>
      );
    case 'confirmResetPassword':
      return (
        <AuthFrame>
          <ConfirmResetPasswordForm
            pending={pending}
            error={error}
            onConfirm={actions.confirmReset}
            onResend={actions.resendResetCode}
          />
        </AuthFrame>
      );
  }
}

import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Hub } from 'aws-amplify/utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmResetPassword, confirmSignIn, getCurrentUser, resetPassword, signIn, signOut } from 'aws-amplify/auth';
import { applyTestConfig } from '@/test/utils';
import { AuthGate } from './AuthGate';

vi.mock('aws-amplify/auth', () => ({
  getCurrentUser: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
  signOut: vi.fn(),
}));

const signedInAs = { username: 'u-1', userId: 'u-1' };
const step = (signInStep: string) => ({ isSignedIn: signInStep === 'DONE', nextStep: { signInStep } }) as never;
const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

/** The gate with a signed-out user: resolves once the form is on screen. */
async function renderSignedOut(props: { onFormShown?: () => void } = {}) {
  vi.mocked(getCurrentUser).mockRejectedValue(cognitoError('UserUnAuthenticatedException', 'not signed in'));
  render(
    <AuthGate {...props}>
      <p>The console</p>
    </AuthGate>,
  );
  await screen.findByRole('button', { name: 'Sign in' });
}

async function fillSignIn(email = 'ops@example.com', password = 'Secret-123') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email', { exact: true }), email);
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

beforeEach(() => {
  applyTestConfig();
  vi.mocked(signOut).mockResolvedValue(undefined);
});

describe('AuthGate', () => {
  it('shows the console at once to a user with a session, without the form', async () => {
    vi.mocked(getCurrentUser).mockResolvedValue(signedInAs);
    render(
      <AuthGate>
        <p>The console</p>
      </AuthGate>,
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(await screen.findByText('The console')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email', { exact: true })).toBeNull();
  });

  it('renders the Authenticator markup: header, labelled fields, sign-in and forgot-password buttons', async () => {
    await renderSignedOut();
    expect(screen.getByRole('heading', { level: 3, name: 'Fleet Console' })).toBeInTheDocument();
    expect(screen.getByText('Sign in with your company e-mail')).toBeInTheDocument();
    const email = screen.getByLabelText('Email', { exact: true });
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('name', 'username');
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('placeholder', 'Enter your Email');
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('placeholder', 'Enter your Password');
    expect(document.querySelector('[data-amplify-theme="fleet-console"] [data-amplify-authenticator]')).not.toBeNull();
    expect(document.querySelector('form[data-amplify-form][data-amplify-authenticator-signin]')).not.toBeNull();
    expect(screen.getByText('Sign in', { selector: 'legend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('signs in with the configured flow and renders the console', async () => {
    applyTestConfig({ authFlowType: 'USER_SRP_AUTH' });
    vi.mocked(signIn).mockResolvedValue(step('DONE'));
    await renderSignedOut();
    await fillSignIn(' ops@example.com ', 'Secret-123');
    expect(await screen.findByText('The console')).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith({
      username: 'ops@example.com',
      password: 'Secret-123',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it('passes USER_PASSWORD_AUTH through when config.json asks for it (the emulator)', async () => {
    applyTestConfig({ authFlowType: 'USER_PASSWORD_AUTH' });
    vi.mocked(signIn).mockResolvedValue(step('DONE'));
    await renderSignedOut();
    await fillSignIn();
    await screen.findByText('The console');
    expect(vi.mocked(signIn).mock.calls[0]?.[0].options).toEqual({ authFlowType: 'USER_PASSWORD_AUTH' });
  });

  it('shows "Signing in" on a disabled button while the request runs', async () => {
    let answer: (value: never) => void = () => undefined;
    vi.mocked(signIn).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await renderSignedOut();
    await fillSignIn();
    const button = screen.getByRole('button', { name: 'Signing in' });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('Email', { exact: true })).toBeDisabled();
    await act(async () => answer(step('DONE')));
    expect(await screen.findByText('The console')).toBeInTheDocument();
  });

  it("shows Cognito's error on a wrong password and keeps the typed e-mail", async () => {
    vi.mocked(signIn).mockRejectedValue(cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    await renderSignedOut();
    await fillSignIn('ops@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect username or password.');
    expect(alert).toHaveClass('amplify-alert--error');
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('ops@example.com');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByText('The console')).toBeNull();

    // Dismissed, then shown again by the next failure.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dismiss alert' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
  });

  it('says so for a sign-in step the console does not support, and stays on the form', async () => {
    vi.mocked(signIn).mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    await renderSignedOut();
    await fillSignIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in step (CONFIRM_SIGN_IN_WITH_TOTP_CODE) is not supported',
    );
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('ops@example.com');
  });

  it('takes a user whose password an administrator reset to the reset form, with the code sent', async () => {
    vi.mocked(signIn).mockResolvedValue(step('RESET_PASSWORD'));
    vi.mocked(resetPassword).mockResolvedValue({
      isPasswordReset: false,
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: {} },
    } as never);
    vi.mocked(confirmResetPassword).mockResolvedValue(undefined);
    await renderSignedOut();
    const user = await fillSignIn(' ops@example.com');
    expect(await screen.findByLabelText('Code *')).toBeInTheDocument();
    expect(resetPassword).toHaveBeenCalledWith({ username: 'ops@example.com' });
    expect(screen.queryByText(/is not supported/)).toBeNull();
    await user.type(screen.getByLabelText('Code *'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'New-Pass-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'New-Pass-123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: 'ops@example.com',
      confirmationCode: '123456',
      newPassword: 'New-Pass-123',
    });
  });

  it('shows and hides the password with the switch', async () => {
    await renderSignedOut();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password', { exact: true });
    const toggle = screen.getByRole('switch', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Password is hidden')).toBeInTheDocument();
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Password is shown')).toBeInTheDocument();
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  describe('a user created with a temporary password', () => {
    it('must choose a password, typed twice the same', async () => {
      vi.mocked(signIn).mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'));
      vi.mocked(confirmSignIn).mockResolvedValue(step('DONE'));
      await renderSignedOut();
      const user = await fillSignIn('new@example.com', 'Temp-Pass-1');
      expect(await screen.findByRole('heading', { level: 4, name: 'Change Password' })).toBeInTheDocument();

      const password = screen.getByLabelText('Password', { exact: true });
      const confirm = screen.getByLabelText('Confirm Password', { exact: true });
      expect(password).toHaveAttribute('autocomplete', 'new-password');
      expect(confirm).toHaveAttribute('placeholder', 'Please confirm your Password');
      await user.type(password, 'New-Pass-123');
      await user.type(confirm, 'New-Pass-124');
      // Both hold 6 characters or more: the Authenticator's message shows while typing.
      expect(screen.getByText('Your passwords must match')).toBeInTheDocument();
      expect(confirm).toHaveAttribute('aria-invalid', 'true');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      expect(confirmSignIn).not.toHaveBeenCalled();

      await user.clear(confirm);
      await user.type(confirm, 'New-Pass-123');
      expect(screen.queryByText('Your passwords must match')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByText('The console')).toBeInTheDocument();
      expect(confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'New-Pass-123' });
    });

    it('sees a short mismatch only once both fields are left, and may go back to the sign-in form', async () => {
      vi.mocked(signIn).mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'));
      await renderSignedOut();
      const user = await fillSignIn();
      await screen.findByRole('heading', { name: 'Change Password' });
      await user.type(screen.getByLabelText('Password', { exact: true }), 'abc');
      await user.type(screen.getByLabelText('Confirm Password', { exact: true }), 'abd');
      expect(screen.queryByText('Your passwords must match')).toBeNull();
      await user.tab(); // leaves "Confirm Password"
      expect(screen.getByText('Your passwords must match')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    });

    it("shows Cognito's refusal of the new password", async () => {
      vi.mocked(signIn).mockResolvedValue(step('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'));
      vi.mocked(confirmSignIn).mockRejectedValue(
        cognitoError('InvalidPasswordException', 'Password does not conform to policy: Password not long enough'),
      );
      await renderSignedOut();
      const user = await fillSignIn();
      await screen.findByRole('heading', { name: 'Change Password' });
      await user.type(screen.getByLabelText('Password', { exact: true }), 'short');
      await user.type(screen.getByLabelText('Confirm Password', { exact: true }), 'short');
      await user.click(screen.getByRole('button', { name: 'Change Password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Password not long enough');
    });
  });

  it('resets a forgotten password with the e-mailed code, then returns to the sign-in form', async () => {
    vi.mocked(resetPassword).mockResolvedValue({
      isPasswordReset: false,
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: {} },
    } as never);
    vi.mocked(confirmResetPassword).mockResolvedValue(undefined);
    await renderSignedOut();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(screen.getByRole('heading', { level: 3, name: 'Reset Password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter your email'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(resetPassword).toHaveBeenCalledWith({ username: 'ops@example.com' });

    const code = await screen.findByLabelText('Code *');
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(resetPassword).toHaveBeenCalledTimes(2));
    expect(resetPassword).toHaveBeenLastCalledWith({ username: 'ops@example.com' });

    await user.type(code, '123456');
    await user.type(screen.getByLabelText('New Password'), 'New-Pass-123');
    await user.type(screen.getByLabelText('Confirm Password'), 'New-Pass-999');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Your passwords must match')).toBeInTheDocument();
    expect(confirmResetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'New-Pass-123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: 'ops@example.com',
      confirmationCode: '123456',
      newPassword: 'New-Pass-123',
    });
  });

  it("shows Cognito's error on the first reset step, and goes back from it to an empty sign-in form", async () => {
    vi.mocked(resetPassword).mockRejectedValue(cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    await renderSignedOut();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(screen.getByLabelText('Enter your email'), 'ops@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Attempt limit exceeded');
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByLabelText('Email', { exact: true })).toHaveValue('');
  });

  it('returns to the sign-in form when the user signs out', async () => {
    vi.mocked(getCurrentUser).mockResolvedValue(signedInAs);
    render(
      <AuthGate>
        <p>The console</p>
      </AuthGate>,
    );
    await screen.findByText('The console');
    act(() => Hub.dispatch('auth', { event: 'signedOut' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('The console')).toBeNull();
  });

  it('signs out when the session cannot be refreshed, but not on a network failure', async () => {
    vi.mocked(getCurrentUser).mockResolvedValue(signedInAs);
    render(
      <AuthGate>
        <p>The console</p>
      </AuthGate>,
    );
    await screen.findByText('The console');
    act(() =>
      Hub.dispatch('auth', {
        event: 'tokenRefresh_failure',
        data: { error: cognitoError('NetworkError', 'offline') as never },
      }),
    );
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.getByText('The console')).toBeInTheDocument();

    act(() =>
      Hub.dispatch('auth', {
        event: 'tokenRefresh_failure',
        data: { error: cognitoError('NotAuthorizedException', 'Refresh Token has been revoked') as never },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('calls onFormShown once the form is on screen (App prefetches the signed-in app)', async () => {
    const onFormShown = vi.fn();
    await renderSignedOut({ onFormShown });
    await waitFor(() => expect(onFormShown).toHaveBeenCalledTimes(1));
  });
});

import type { FormEvent } from 'react';
import { ErrorAlert, Fieldset, Heading, LinkButton, NewPasswordFields, SubmitButton } from './auth-fields';
import { useNewPassword } from './useNewPassword';

interface Props {
  pending: boolean;
  error: string | null;
  onChangePassword: (password: string) => void;
  onBack: () => void;
}

/**
 * The Authenticator's "Change Password" step: a user an administrator created signs in with a
 * temporary password and must choose their own (CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED).
 */
export function ChangePasswordForm({ pending, error, onChangePassword, onBack }: Props) {
  const pw = useNewPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pw.check()) onChangePassword(pw.password);
  };
  return (
    <form data-amplify-form="" data-amplify-authenticator-forcenewpassword="" method="post" onSubmit={submit}>
      <Fieldset disabled={pending}>
        <Heading level={4}>Change Password</Heading>
        <NewPasswordFields
          pw={pw}
          label="Password"
          placeholder="Enter your Password"
          confirmPlaceholder="Please confirm your Password"
        />
        {error && <ErrorAlert message={error} />}
        <SubmitButton pending={pending} loadingText="Changing">
          Change Password
        </SubmitButton>
        <LinkButton onClick={onBack}>Back to Sign In</LinkButton>
      </Fieldset>
    </form>
  );
}

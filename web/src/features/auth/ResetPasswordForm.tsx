import { useState, type FormEvent } from 'react';
import { COLUMN, ErrorAlert, Fieldset, Heading, NewPasswordFields, TextField, TwoButtonFooter } from './auth-fields';
import { useNewPassword } from './useNewPassword';

interface ForgotProps {
  pending: boolean;
  error: string | null;
  onSendCode: (username: string) => void;
  onBack: () => void;
}

/** The Authenticator's "Forgot your password?" step: Cognito e-mails a code. */
export function ForgotPasswordForm({ pending, error, onSendCode, onBack }: ForgotProps) {
  const [username, setUsername] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSendCode(username);
  };
  return (
    <form data-amplify-form="" data-amplify-authenticator-forgotpassword="" method="post" onSubmit={submit}>
      <Fieldset disabled={pending}>
        <Heading level={3}>Reset Password</Heading>
        <div className="amplify-flex" style={COLUMN}>
          <TextField
            label="Enter your email"
            name="username"
            type="email"
            placeholder="Enter your email"
            autoComplete="username"
            value={username}
            onChange={setUsername}
          />
        </div>
        {error && <ErrorAlert message={error} />}
        <TwoButtonFooter
          submit={pending ? 'Sending…' : 'Send code'}
          link="Back to Sign In"
          onLink={onBack}
          pending={pending}
        />
      </Fieldset>
    </form>
  );
}

interface ConfirmProps {
  pending: boolean;
  error: string | null;
  onConfirm: (code: string, password: string) => void;
  onResend: () => void;
}

/** The Authenticator's second reset step: the e-mailed code and the new password, twice. */
export function ConfirmResetPasswordForm({ pending, error, onConfirm, onResend }: ConfirmProps) {
  const [code, setCode] = useState('');
  const pw = useNewPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pw.check()) onConfirm(code, pw.password);
  };
  return (
    <form data-amplify-form="" data-amplify-authenticator-confirmresetpassword="" method="post" onSubmit={submit}>
      <Fieldset disabled={pending}>
        {/* The Authenticator titles both reset steps "Reset Password". */}
        <Heading level={3}>Reset Password</Heading>
        <div className="amplify-flex" style={COLUMN}>
          <TextField
            label="Code *"
            name="confirmation_code"
            placeholder="Code"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
          />
          <NewPasswordFields
            pw={pw}
            label="New Password"
            placeholder="New Password"
            confirmPlaceholder="Confirm Password"
          />
        </div>
        {error && <ErrorAlert message={error} />}
        <TwoButtonFooter
          submit={pending ? 'Submitting…' : 'Submit'}
          link="Resend Code"
          onLink={onResend}
          pending={pending}
        />
      </Fieldset>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { COLUMN, ErrorAlert, Fieldset, LinkButton, PasswordField, SubmitButton, TextField } from './auth-fields';

interface Props {
  pending: boolean;
  error: string | null;
  onSignIn: (username: string, password: string) => void;
  onForgotPassword: () => void;
}

/** The Authenticator's sign-in form (sign-up hidden: administrators create the users). */
export function SignInForm({ pending, error, onSignIn, onForgotPassword }: Props) {
  // Kept across a failed attempt: a wrong password leaves the e-mail typed.
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSignIn(username, password);
  };
  return (
    <div data-amplify-router-content="">
      <div>
        <form data-amplify-form="" data-amplify-authenticator-signin="" method="post" onSubmit={submit}>
          <div className="amplify-flex" style={COLUMN}>
            <Fieldset disabled={pending}>
              <span className="amplify-visually-hidden">
                <legend>Sign in</legend>
              </span>
              <TextField
                label="Email"
                name="username"
                type="email"
                placeholder="Enter your Email"
                autoComplete="username"
                value={username}
                onChange={setUsername}
              />
              <PasswordField
                label="Password"
                name="password"
                placeholder="Enter your Password"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
              />
            </Fieldset>
            {error && <ErrorAlert message={error} />}
            <SubmitButton pending={pending} loadingText="Signing in">
              Sign in
            </SubmitButton>
            <div data-amplify-footer="">
              <LinkButton onClick={onForgotPassword}>Forgot your password?</LinkButton>
            </div>
          </div>
        </form>
      </div>
    </div>
  );
}

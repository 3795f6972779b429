// The Amplify UI kit's field, button and alert markup, written out by hand: the sign-in page
// must not load @aws-amplify/ui-react's JavaScript (issue 44), but main.tsx still loads its
// styles.css, so the same elements with the same classes look exactly like the kit's
// (TextField, PasswordField, Button, Alert, Heading as the Authenticator renders them).
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import type { NewPassword } from './useNewPassword';

export const COLUMN: CSSProperties = { flexDirection: 'column' };
const CENTERED_COLUMN: CSSProperties = { flexDirection: 'column', alignItems: 'center' };
const ICON_SIZE: CSSProperties = { width: '1em', height: '1em' };

/** The kit's icons: a 24×24 path in an `amplify-icon` span. */
function Icon({ path }: { path: string }) {
  return (
    <span className="amplify-icon" aria-hidden="true" style={ICON_SIZE}>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" xmlns="http://www.w3.org/2000/svg">
        <path d={path} fill="currentColor" />
      </svg>
    </span>
  );
}

const VISIBILITY_ICON =
  'M12 6C15.79 6 19.17 8.13 20.82 11.5C19.17 14.87 15.79 17 12 17C8.21 17 4.83 14.87 3.18 11.5C4.83 8.13 8.21 6 12 6ZM12 4C7 4 2.73 7.11 1 11.5C2.73 15.89 7 19 12 19C17 19 21.27 15.89 23 11.5C21.27 7.11 17 4 12 4ZM12 9C13.38 9 14.5 10.12 14.5 11.5C14.5 12.88 13.38 14 12 14C10.62 14 9.5 12.88 9.5 11.5C9.5 10.12 10.62 9 12 9ZM12 7C9.52 7 7.5 9.02 7.5 11.5C7.5 13.98 9.52 16 12 16C14.48 16 16.5 13.98 16.5 11.5C16.5 9.02 14.48 7 12 7Z';
const VISIBILITY_OFF_ICON =
  'M12 6.0002C15.79 6.0002 19.17 8.1302 20.82 11.5002C20.23 12.7202 19.4 13.7702 18.41 14.6202L19.82 16.0302C21.21 14.8002 22.31 13.2602 23 11.5002C21.27 7.1102 17 4.0002 12 4.0002C10.73 4.0002 9.51 4.2002 8.36 4.5702L10.01 6.2202C10.66 6.0902 11.32 6.0002 12 6.0002ZM10.93 7.14019L13 9.2102C13.57 9.4602 14.03 9.9202 14.28 10.4902L16.35 12.5602C16.43 12.2202 16.49 11.8602 16.49 11.4902C16.5 9.0102 14.48 7.0002 12 7.0002C11.63 7.0002 11.28 7.05019 10.93 7.14019ZM2.01 3.8702L4.69 6.5502C3.06 7.8302 1.77 9.5302 1 11.5002C2.73 15.8902 7 19.0002 12 19.0002C13.52 19.0002 14.98 18.7102 16.32 18.1802L19.74 21.6002L21.15 20.1902L3.42 2.4502L2.01 3.8702ZM9.51 11.3702L12.12 13.9802C12.08 13.9902 12.04 14.0002 12 14.0002C10.62 14.0002 9.5 12.8802 9.5 11.5002C9.5 11.4502 9.51 11.4202 9.51 11.3702V11.3702ZM6.11 7.97019L7.86 9.7202C7.63 10.2702 7.5 10.8702 7.5 11.5002C7.5 13.9802 9.52 16.0002 12 16.0002C12.63 16.0002 13.23 15.8702 13.77 15.6402L14.75 16.6202C13.87 16.8602 12.95 17.0002 12 17.0002C8.21 17.0002 4.83 14.8702 3.18 11.5002C3.88 10.0702 4.9 8.89019 6.11 7.97019Z';
const ERROR_ICON =
  'M12 2C6.48 2 2 6.48 2 12C2 17.52 6.48 22 12 22C17.52 22 22 17.52 22 12C22 6.48 17.52 2 12 2ZM13 17H11V15H13V17ZM13 13H11V7H13V13Z';
const CLOSE_ICON =
  'M19 6.41L17.59 5L12 10.59L6.41 5L5 6.41L10.59 12L5 17.59L6.41 19L12 13.41L17.59 19L19 17.59L13.41 12L19 6.41Z';

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

interface FieldProps {
  label: string;
  name: string;
  placeholder: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A validation message under the field (the Authenticator's "Your passwords must match"). */
  error?: string;
}

/** The kit's TextField or PasswordField (`outerEnd`: the show-password switch). */
function Field({
  label,
  name,
  placeholder,
  autoComplete,
  value,
  onChange,
  onBlur,
  error,
  type,
  className,
  outerEnd,
}: FieldProps & { type: string; className?: string; outerEnd?: ReactNode }) {
  const id = `amplify-id-${useId()}`;
  const errorId = `${id}-error`;
  return (
    <>
      <div className={cx('amplify-flex amplify-field amplify-textfield', className)}>
        <label className="amplify-label" htmlFor={id}>
          {label}
        </label>
        <div className="amplify-flex amplify-field-group amplify-field-group--horizontal">
          <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
            <input
              aria-invalid={!!error}
              aria-describedby={error ? errorId : undefined}
              autoComplete={autoComplete}
              className={cx('amplify-input amplify-field-group__control', !!error && 'amplify-input--error')}
              id={id}
              required
              type={type}
              placeholder={placeholder}
              name={name}
              autoCapitalize="off"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
            />
          </div>
          {outerEnd}
        </div>
      </div>
      {error && (
        <div data-amplify-sign-up-errors="true" id={errorId}>
          <p className="amplify-text amplify-text--error" role="alert">
            {error}
          </p>
        </div>
      )}
    </>
  );
}

export function TextField(props: FieldProps & { type?: 'text' | 'email' }) {
  return <Field {...props} type={props.type ?? 'text'} />;
}

/**
 * The kit's PasswordField: a switch shows the password as text. As in the kit, the switch keeps
 * its name ("Show password") and reports its state with aria-checked and a live text.
 */
export function PasswordField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  const hasError = !!props.error;
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      className="amplify-passwordfield"
      outerEnd={
        <div className="amplify-field-group__outer-end">
          <button
            aria-label="Show password"
            className={cx(
              'amplify-button amplify-field-group__control',
              hasError && 'amplify-button--outlined--error',
              'amplify-field__show-password',
              hasError && 'amplify-field__show-password--error',
            )}
            type="button"
            aria-checked={shown}
            role="switch"
            onClick={() => setShown((s) => !s)}
          >
            <span className="amplify-visually-hidden" aria-live="polite">
              {shown ? 'Password is shown' : 'Password is hidden'}
            </span>
            <Icon path={shown ? VISIBILITY_OFF_ICON : VISIBILITY_ICON} />
          </button>
        </div>
      }
    />
  );
}

/** The kit's circular Loader (inside a loading button, or large on the page loader). */
export function Loader({ large }: { large?: boolean }) {
  return (
    <svg className={cx('amplify-loader', large && 'amplify-loader--large')} role="progressbar">
      <g>
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
        <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
      </g>
    </svg>
  );
}

/**
 * The primary submit button. `loadingText` given: while pending it shows the kit's loader and
 * that text ("Signing in"); otherwise it is only disabled, with the caller's text.
 */
export function SubmitButton({
  pending,
  loadingText,
  children,
}: {
  pending: boolean;
  loadingText?: string;
  children: ReactNode;
}) {
  const loading = pending && loadingText !== undefined;
  return (
    <button
      className={cx(
        'amplify-button amplify-field-group__control amplify-button--primary',
        pending && 'amplify-button--disabled',
        loading && 'amplify-button--loading',
      )}
      disabled={pending}
      type="submit"
    >
      {loading ? (
        <span className="amplify-flex amplify-button__loader-wrapper">
          <Loader />
          {loadingText}
        </span>
      ) : (
        children
      )}
    </button>
  );
}

/** The small link-styled button of the Authenticator's footers ("Forgot your password?", "Back to Sign In"). */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      className="amplify-button amplify-field-group__control amplify-button--link amplify-button--small"
      type="button"
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The footer of the reset forms: the primary button over a centred link button. */
export function TwoButtonFooter({
  submit,
  link,
  onLink,
  pending,
}: {
  submit: ReactNode;
  link: string;
  onLink: () => void;
  pending: boolean;
}) {
  return (
    <div className="amplify-flex" style={COLUMN}>
      <SubmitButton pending={pending}>{submit}</SubmitButton>
      <div className="amplify-flex" style={CENTERED_COLUMN}>
        <LinkButton onClick={onLink}>{link}</LinkButton>
      </div>
    </div>
  );
}

/**
 * The Authenticator's error alert (dismissible). Render it only while there is an error: the
 * error is cleared when a new request starts, which unmounts it, so a later error shows again
 * even after a dismiss.
 */
export function ErrorAlert({ message }: { message: string }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div className="amplify-flex amplify-alert amplify-alert--error" role="alert">
      <span className="amplify-alert__icon">
        <Icon path={ERROR_ICON} />
      </span>
      <div style={{ flex: 1 }}>
        <div className="amplify-alert__body">{message}</div>
      </div>
      <button
        aria-label="Dismiss alert"
        className="amplify-button amplify-field-group__control amplify-button--link amplify-alert__dismiss"
        type="button"
        onClick={() => setDismissed(true)}
      >
        <Icon path={CLOSE_ICON} />
      </button>
    </div>
  );
}

export function Heading({ level, children }: { level: 3 | 4; children: ReactNode }) {
  const H = level === 3 ? 'h3' : 'h4';
  return <H className={`amplify-heading amplify-heading--${level}`}>{children}</H>;
}

/**
 * The Authenticator's fieldset (a column Flex), disabled while a request is pending. The browser
 * disables the controls inside; like the Authenticator, they keep their look (no `disabled`
 * attribute of their own, which the kit's CSS would grey out).
 */
export function Fieldset({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <fieldset className="amplify-flex" style={COLUMN} disabled={disabled}>
      {children}
    </fieldset>
  );
}

/** The new password typed twice (`useNewPassword`), as the change-password and reset steps label it. */
export function NewPasswordFields({
  pw,
  label,
  placeholder,
  confirmPlaceholder,
}: {
  pw: NewPassword;
  label: string;
  placeholder: string;
  confirmPlaceholder: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        name="password"
        placeholder={placeholder}
        autoComplete="new-password"
        value={pw.password}
        onChange={pw.setPassword}
        onBlur={pw.touchPassword}
      />
      <PasswordField
        label="Confirm Password"
        name="confirm_password"
        placeholder={confirmPlaceholder}
        autoComplete="new-password"
        value={pw.confirm}
        onChange={pw.setConfirm}
        onBlur={pw.touchConfirm}
        error={pw.error}
      />
    </>
  );
}

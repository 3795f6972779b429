import { useState } from 'react';

export const PASSWORDS_MUST_MATCH = 'Your passwords must match';

/**
 * A new password typed twice (the new-password and reset forms). The mismatch message follows the
 * Authenticator's rule, so it does not nag while the user is still typing: once both fields have
 * been left, or both hold 6 characters or more; a submit shows it at once.
 */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const mismatch = password !== confirm;
  const show = mismatch && ((touched.password && touched.confirm) || (password.length >= 6 && confirm.length >= 6));
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    touchPassword: () => setTouched((t) => ({ ...t, password: true })),
    touchConfirm: () => setTouched((t) => ({ ...t, confirm: true })),
    /** The message under "Confirm Password". */
    error: show ? PASSWORDS_MUST_MATCH : undefined,
    /** Whether the form may be sent; when the passwords differ, shows the message instead. */
    check(): boolean {
      if (mismatch) setTouched({ password: true, confirm: true });
      return !mismatch;
    },
  };
}

export type NewPassword = ReturnType<typeof useNewPassword>;

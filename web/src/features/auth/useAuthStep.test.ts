import { describe, expect, it } from 'vitest';
import { authReducer, errorMessage, initialAuthState } from './useAuthStep';

describe('errorMessage', () => {
  it("uses the Authenticator's words where it had its own, Cognito's message otherwise", () => {
    const error = (name: string, message: string) => Object.assign(new Error(message), { name });
    expect(errorMessage(error('NotAuthorizedException', 'Incorrect username or password.'))).toBe(
      'Incorrect username or password.',
    );
    expect(errorMessage(error('NoUserPoolError', 'Auth UserPool not configured.'))).toBe(
      'Configuration error (see console) – please contact the administrator',
    );
    expect(errorMessage(error('CodeMismatchException', 'Invalid code or auth state for the user.'))).toBe(
      'The verification code you entered is incorrect. Please try again.',
    );
    expect(errorMessage(error('ExpiredCodeException', 'Invalid session for the user, session is expired.'))).toBe(
      'Your verification code has expired. Please request a new code.',
    );
    expect(errorMessage('plain')).toBe('plain');
  });
});

describe('authReducer', () => {
  it('clears the error when a request starts and when the step changes', () => {
    const failed = authReducer(authReducer(initialAuthState, { type: 'pending' }), { type: 'error', message: 'x' });
    expect(failed).toMatchObject({ pending: false, error: 'x' });
    expect(authReducer(failed, { type: 'pending' })).toMatchObject({ pending: true, error: null });
    expect(authReducer(failed, { type: 'go', step: 'forgotPassword' })).toMatchObject({
      step: 'forgotPassword',
      error: null,
    });
  });

  it('keeps the e-mail of a reset only while its code is being confirmed', () => {
    const sent = authReducer(initialAuthState, { type: 'go', step: 'confirmResetPassword', resetUsername: 'a@x.com' });
    expect(authReducer(authReducer(sent, { type: 'pending' }), { type: 'idle' }).resetUsername).toBe('a@x.com');
    expect(authReducer(sent, { type: 'go', step: 'signIn' }).resetUsername).toBe('');
  });
});

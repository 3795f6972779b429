import type { ReactNode } from 'react';
import { COLUMN, Loader } from './auth-fields';
import { THEME_NAME as THEME } from '@/app/theme';

const HEADER_STYLE = { textAlign: 'center', padding: 'var(--amplify-space-large)' } as const;

/** The Authenticator's frame (its container and router markup) with the console's header. */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <div data-amplify-theme={THEME} dir="ltr">
      <div data-amplify-authenticator="" data-variation="default">
        <div data-amplify-container="">
          <div style={HEADER_STYLE}>
            <h3 className="amplify-heading amplify-heading--3">Fleet Console</h3>
            <p className="amplify-text" style={{ color: 'var(--amplify-colors-font-secondary)' }}>
              Sign in with your company e-mail
            </p>
          </div>
          <div data-amplify-router="">{children}</div>
        </div>
      </div>
    </div>
  );
}

/**
 * The page loader (src/components/PageLoader's markup, without the UI library): while a returning
 * user's session is checked and while the signed-in app loads.
 */
export function AuthLoader() {
  return (
    <div data-amplify-theme={THEME} dir="ltr">
      <div
        className="amplify-flex page-loader"
        role="status"
        style={{ ...COLUMN, alignItems: 'center', gap: 'var(--amplify-space-small)' }}
      >
        <Loader large />
        <p className="amplify-text" style={{ color: 'var(--amplify-colors-font-tertiary)' }}>
          Loading…
        </p>
      </div>
    </div>
  );
}

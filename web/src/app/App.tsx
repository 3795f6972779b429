import { lazy, Suspense } from 'react';
import { AuthLoader } from '@/features/auth/AuthFrame';
import { AuthGate } from '@/features/auth/AuthGate';
import { hasStoredSession } from '@/features/auth/stored-session';

// The sign-in page loads React, Amplify Auth and the sign-in form only (its budget, issue 44):
// the provider, the router, the layout and the first screen load in one lazy import.
const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazy(loadSignedInApp);

/**
 * Fetches the signed-in app and the current address's screen (and, with a session, its first data)
 * ahead of need. A failure is left to the render's own import, which reports it.
 */
function prefetchSignedInApp() {
  loadSignedInApp().then(
    (m) => m.preloadFirstScreen(window.location.pathname),
    () => undefined,
  );
}

// A returning user: at once, while the session is checked. Otherwise once the sign-in form is on
// screen (AuthGate's onFormShown), while the user types: the first screen after sign-in is as
// fast as when all of it came with the sign-in page.
if (hasStoredSession()) prefetchSignedInApp();

export function App() {
  return (
    <AuthGate onFormShown={prefetchSignedInApp}>
      <Suspense fallback={<AuthLoader />}>
        <SignedInApp />
      </Suspense>
    </AuthGate>
  );
}

import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/PageLoader';
import { AuthGate } from '@/features/auth/AuthGate';
import { hasStoredSession } from '@/features/auth/stored-session';
import { AppProvider } from './provider';

// The router, layout and navigation load once the user is signed in (the
// sign-in page's budget); a returning user's load starts at once, with the
// first screen's module, while the session is checked.
const loadRouter = () => import('./AppRouter');
const AppRouter = lazy(loadRouter);
if (hasStoredSession()) {
  void loadRouter().then((m) => m.preloadScreen(window.location.pathname));
}

export function App() {
  return (
    <AppProvider>
      <AuthGate>
        <Suspense fallback={<PageLoader />}>
          <AppRouter />
        </Suspense>
      </AuthGate>
    </AppProvider>
  );
}

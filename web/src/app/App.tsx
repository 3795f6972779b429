import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/PageLoader';
import { AuthGate } from '@/features/auth/AuthGate';
import { AppProvider } from './provider';

// The router, layout and navigation load once the user is signed in (the sign-in page's budget).
const AppRouter = lazy(() => import('./AppRouter'));

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

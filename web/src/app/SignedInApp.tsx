import { Suspense } from 'react';
import { PageLoader } from '@/components/PageLoader';
import AppRouter from './AppRouter';
import { AppProvider } from './provider';

export { preloadScreen } from './router';

/**
 * Everything past the sign-in form, one lazy import of App: the provider (the Amplify UI theme,
 * the query cache, toasts), the router, the layout and the shell. It mounts at sign-in and
 * unmounts at sign-out, so the next user starts with a new, empty query cache.
 */
export default function SignedInApp() {
  return (
    <AppProvider>
      <Suspense fallback={<PageLoader />}>
        <AppRouter />
      </Suspense>
    </AppProvider>
  );
}

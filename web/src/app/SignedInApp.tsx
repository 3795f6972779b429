import { Suspense, useState } from 'react';
import { PageLoader } from '@/components/PageLoader';
import AppRouter from './AppRouter';
import { signedInQueryClient } from './early-cache';
import { AppProvider } from './provider';

export { preloadFirstScreen } from './early-cache';

/**
 * Everything past the sign-in form, one lazy import of App: the provider (the Amplify UI theme,
 * the query cache, toasts), the router, the layout and the shell. It mounts at sign-in and
 * unmounts at sign-out, so the next user starts with a new, empty query cache (a returning user's holds
 * what the page load asked for ahead, early-cache.ts).
 */
export default function SignedInApp() {
  const [client] = useState(signedInQueryClient);
  return (
    <AppProvider queryClient={client}>
      <Suspense fallback={<PageLoader />}>
        <AppRouter />
      </Suspense>
    </AppProvider>
  );
}

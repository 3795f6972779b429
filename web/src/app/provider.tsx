import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { ProhibitedDialog } from '@/components/ProhibitedDialog';
import { clearCachedAnswers } from '@/lib/browser-storage';
import { ToastProvider } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { THEME_NAME } from './theme';

/**
 * Clears cached server data whenever the signed-in user changes (flags,
 * e-mail, permissions...), in memory and in browser storage (the locations
 * cache); per-user preferences stay.
 */
function useClearCacheOnAuthChange(queryClient: QueryClient) {
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedIn' || payload.event === 'signedOut') {
          queryClient.clear();
          clearCachedAnswers();
        }
      }),
    [queryClient],
  );
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useClearCacheOnAuthChange(client);
  return (
    // The theme is static CSS (src/theme.css) on this wrapper, as Amplify's ThemeProvider renders it, without its
    // runtime createTheme and injected variables (issue 63).
    <div data-amplify-theme={THEME_NAME} dir="ltr">
      <QueryClientProvider client={client}>
        <ToastProvider>
          {children}
          <ProhibitedDialog />
        </ToastProvider>
      </QueryClientProvider>
    </div>
  );
}

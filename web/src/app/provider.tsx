import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { ProhibitedDialog } from '@/components/ProhibitedDialog';
import { clearCachedAnswers } from '@/lib/browser-storage';
import { ToastProvider } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { theme } from './theme';

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
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          {children}
          <ProhibitedDialog />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

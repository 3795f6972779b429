import { ThemeProvider } from '@aws-amplify/ui-react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { theme } from './theme';

/** Clears cached server data whenever the signed-in user changes (flags, e-mail, permissions...). */
function useClearCacheOnAuthChange(queryClient: QueryClient) {
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedIn' || payload.event === 'signedOut') queryClient.clear();
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
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

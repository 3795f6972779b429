import rules from '@/generated/rules.json';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { reportingMutationCache } from '@/app/query-client';
import { ProhibitedDialog } from '@/components/ProhibitedDialog';
import { setConfig, type AppConfig } from '@/config';
import { ToastProvider } from '@/lib/toast';

export const TEST_CONFIG: AppConfig = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  graphqlUrl: 'http://api.test/graphql',
  restUrl: 'http://api.test',
  links: { facilityCms: 'https://cms.example.com', driverApp: 'https://driver.example.com' },
};

export function applyTestConfig(config: Partial<AppConfig> = {}) {
  setConfig({ ...TEST_CONFIG, ...config });
}

export function newTestQueryClient() {
  return new QueryClient({
    mutationCache: reportingMutationCache(),
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders inside a QueryClient, the toasts, the permission-failure dialog and a MemoryRouter at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = newTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        <ProhibitedDialog />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Every action of the server's registry: the access of a user who may do everything. */
export const ALL_ACTIONS: string[] = [...new Set(Object.values(rules.actions).flat())];

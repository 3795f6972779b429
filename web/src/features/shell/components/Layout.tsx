import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { STALE_VERSION_MESSAGE } from '../stale-version';
import { useStaleVersionCheck } from '../useStaleVersionCheck';
import { NavBar } from './NavBar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { PageLoader } from '@/components/PageLoader';

export function Layout() {
  const stale = useStaleVersionCheck();
  return (
    <div className="app-shell">
      <SkipLink />
      <header className="app-header">
        <NavBar />
      </header>
      {stale && (
        <Alert variation="warning" className="stale-banner" role="alert">
          <Flex alignItems="center" gap="medium" wrap="wrap">
            <span>{STALE_VERSION_MESSAGE}</span>
            <Button size="small" onClick={() => window.location.reload()}>
              Refresh
            </Button>
          </Flex>
        </Alert>
      )}
      <main className="app-main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

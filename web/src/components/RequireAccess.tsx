import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { actionFor, useAccess, type Call } from '@/lib/access/useAccess';
import { Page } from './Page';

/**
 * A screen behind an action: renders its children for a user who may make
 * `call`, and otherwise says plainly which screen it is, which permission it
 * needs and where it is granted, with no generic error, Retry or empty chart.
 * Nothing while the access is loading. If the access cannot be loaded the
 * screen renders, and the server's answer decides. The refusal is a Page, titled
 * as the screen would be.
 */
export function RequireAccess({ call, screen, children }: { call: Call; screen: string; children: ReactNode }) {
  const { isLoading, isError, canCall } = useAccess();
  if (isLoading) return null;
  if (isError || canCall(call)) return <>{children}</>;
  return (
    <Page title={screen}>
      <p>
        You do not have access to {screen}. It needs the <strong>{actionFor(call)}</strong> permission.
      </p>
      <p>
        An administrator can grant it on the <Link to="/users/permissions">Permissions</Link> screen.
      </p>
    </Page>
  );
}

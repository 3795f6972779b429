import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { actionWords } from '@/lib/access/action-words';
import { actionsFor, PERMISSIONS_SCREEN, useAccess, type Call } from '@/lib/access/useAccess';
import { Page } from './Page';

/**
 * A screen behind an action: renders its children for a user who may make
 * `call`, and otherwise says plainly which screen it is, what permission it
 * needs (in words, not the server's action id) and who grants it, with no
 * generic error, Retry or empty chart. It links to the Permissions screen only
 * for a user who may open it: a link to another refusal is a dead end.
 * Nothing while the access is loading. If the access cannot be loaded the
 * screen renders, and the server's answer decides. The refusal is a Page, titled
 * as the screen would be.
 */
export function RequireAccess({ call, screen, children }: { call: Call; screen: string; children: ReactNode }) {
  const { isLoading, isError, canCall, canOpen } = useAccess();
  if (isLoading) return null;
  if (isError || canCall(call)) return <>{children}</>;
  return (
    <Page title={screen}>
      <p>
        You do not have access to {screen}. It needs permission to{' '}
        <strong>{actionWords(actionsFor(call) ?? [])}</strong>.
      </p>
      {canOpen(PERMISSIONS_SCREEN) ? (
        <p>
          An administrator grants permissions on the <Link to={PERMISSIONS_SCREEN}>Permissions</Link> screen.
        </p>
      ) : (
        <p>Ask an administrator to grant it.</p>
      )}
    </Page>
  );
}

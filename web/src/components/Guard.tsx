import type { ReactNode } from 'react';
import './guard.css';
import { useRefusal, type Call } from '@/lib/access/useAccess';

export interface GuardProps {
  /** The call the control makes (a GraphQL field, or `METHOD /path`). */
  call: Call | string;
  /** Hide the control instead of disabling it. */
  hide?: boolean;
  /** The control, told whether it must be disabled. */
  children: (disabled: boolean) => ReactNode;
}

/**
 * A button or form for an action the user may lack. For a user without the
 * action it is disabled, and the reason is its tooltip and, for screen
 * readers, hidden text right after it (or it is hidden with `hide`). While the access is loading, or
 * if it failed, the control is enabled: the server still decides.
 */
export function Guard({ call, hide, children }: GuardProps) {
  const reason = useRefusal(call);
  if (!reason) return <>{children(false)}</>;
  if (hide) return null;
  return (
    <span className="guard" title={reason} data-refusal={reason}>
      {children(true)}
      <span className="visually-hidden">{reason}</span>
    </span>
  );
}

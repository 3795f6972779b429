import type { ReactNode } from 'react';
import { Alert } from '@aws-amplify/ui-react';

/** Past this many, the list says 'and N more' instead of growing the page without end. */
export const SHOWN_MESSAGES = 50;

export interface ErrorPanelProps {
  heading: string;
  messages: string[];
  variation?: 'error' | 'warning' | 'success' | 'info';
  footer?: ReactNode;
  /** Accessible name of the list, when the heading is not enough to find it. */
  listLabel?: string;
}

/** A heading and a list of messages (validation errors, warnings, results); nothing when empty. */
export function ErrorPanel({ heading, messages, variation = 'error', footer, listLabel }: ErrorPanelProps) {
  if (messages.length === 0) return null;
  const shown = messages.slice(0, SHOWN_MESSAGES);
  const more = messages.length - shown.length;
  return (
    <Alert variation={variation} heading={heading} role={variation === 'error' ? 'alert' : 'status'}>
      <ul aria-label={listLabel} style={{ margin: '0.25rem 0 0', paddingLeft: '1.25rem' }}>
        {shown.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
      {more > 0 ? <p style={{ margin: '0.25rem 0 0' }}>and {more} more</p> : null}
      {footer}
    </Alert>
  );
}

import type { ReactNode } from 'react';
import { Badge } from '@aws-amplify/ui-react';

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'neutral';

const SUCCESS = ['LIVE', 'ACTIVE', 'SUCCESS', 'SUCCEEDED', 'DONE', 'ONLINE', 'VALID', 'OK'];
const INFO = ['PENDING', 'SCHEDULED', 'IN_PROGRESS', 'NEW', 'CHANGE'];
const WARNING = ['WARNING', 'DEGRADED', 'OFFLINE'];
const ERROR = ['DEAD', 'FAILED', 'ERROR', 'INVALID', 'DOWN'];

/** The tone of a status word the console shows (LIVE, FAILED, PENDING...). */
export function toneOfStatus(status: string | null | undefined): Tone {
  const s = (status ?? '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if (SUCCESS.includes(s)) return 'success';
  if (ERROR.includes(s)) return 'error';
  if (WARNING.includes(s)) return 'warning';
  if (INFO.includes(s)) return 'info';
  return 'neutral';
}

/** A status word on a coloured badge; the word carries the meaning, never the colour alone. */
export function StatusBadge({ tone, children, title }: { tone?: Tone; children: ReactNode; title?: string }) {
  const resolved = tone ?? (typeof children === 'string' ? toneOfStatus(children) : 'neutral');
  return (
    <Badge
      variation={resolved === 'neutral' ? undefined : resolved}
      data-tone={resolved}
      title={title}
      style={{ justifyContent: 'center', minWidth: '5rem' }}
    >
      {children}
    </Badge>
  );
}

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

/** Labels a spec gives some status codes (spelled as the spec spells them), by code. */
export type StatusLabels = Readonly<Record<string, string>>;

/**
 * A status code in words, as a chip shows it: the spec's own label when it gives one, otherwise the code's
 * words ('NOT_STARTED' → 'Not Started'). Raw codes belong in CSV exports only.
 */
export function statusLabel(code: string | null | undefined, labels?: StatusLabels): string {
  const raw = (code ?? '').trim();
  if (!raw) return '';
  const own = labels?.[raw];
  if (own !== undefined) return own;
  // Only a SCREAMING_SNAKE code is turned into words: a status already in words is shown as it is.
  if (!/^[A-Z0-9]+(_[A-Z0-9]+)*$/.test(raw)) return raw;
  return raw
    .split('_')
    .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
    .join(' ');
}

export interface StatusBadgeProps {
  tone?: Tone;
  /** A status code (e.g. NOT_STARTED): the badge says it in words (statusLabel) and carries it as data-status. */
  status?: string | null;
  /** The spec's labels of some codes, for `status`. */
  labels?: StatusLabels;
  /** What the badge says, when not a status code's words. */
  children?: ReactNode;
  title?: string;
}

/** A status word on a coloured badge; the word carries the meaning, never the colour alone. */
export function StatusBadge({ tone, status, labels, children, title }: StatusBadgeProps) {
  const content = children ?? statusLabel(status, labels);
  const resolved =
    tone ?? (status ? toneOfStatus(status) : typeof content === 'string' ? toneOfStatus(content) : 'neutral');
  return (
    <Badge
      variation={resolved === 'neutral' ? undefined : resolved}
      data-tone={resolved}
      data-status={status ?? undefined}
      title={title}
      // Never wider than its cell: a narrow column wraps the words rather than overflow.
      style={{ justifyContent: 'center', minWidth: 'min(5rem, 100%)' }}
    >
      {content}
    </Badge>
  );
}

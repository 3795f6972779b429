/** A preview row: checked and fine, being checked or sent, or refused. */
export type ImportStatus = 'valid' | 'pending' | 'invalid';

const LABELS: Record<ImportStatus, string> = { valid: 'valid', pending: 'pending', invalid: 'invalid' };
const COLOURS: Record<ImportStatus, string> = {
  valid: 'var(--amplify-colors-green-80, #2e7d32)',
  pending: 'var(--amplify-colors-blue-80, #1565c0)',
  invalid: 'var(--amplify-colors-red-80, #c62828)',
};

/** Row status of the import preview: ok, refresh or exclamation icon. */
export function StatusIcon({ status, title }: { status: ImportStatus; title?: string }) {
  const path =
    status === 'valid'
      ? 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z'
      : status === 'pending'
        ? 'M17.65 6.35A7.95 7.95 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z'
        : 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z';
  return (
    <svg
      role="img"
      aria-label={LABELS[status]}
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill={COLOURS[status]}
      style={status === 'pending' ? { animation: 'fc-spin 1s linear infinite' } : undefined}
    >
      <title>{title ? `${LABELS[status]}: ${title}` : LABELS[status]}</title>
      <path d={path} />
    </svg>
  );
}

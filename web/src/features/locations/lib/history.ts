import { parseJsonValue } from './schedule';

/** Shown for a value that was absent (JSON null). */
export const NO_VALUE = '—';

/**
 * A history value (AWSJSON: JSON text, `null` when the attribute was absent)
 * as display text: strings bare, other values as compact JSON.
 */
export function historyValue(text: string | null | undefined): string {
  if (text === null || text === undefined) return NO_VALUE;
  const v = parseJsonValue(text);
  if (v === null || v === undefined) return NO_VALUE;
  if (v === '') return '(empty)';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

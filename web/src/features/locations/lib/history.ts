import { displayJson } from '@/lib/display-value';

/** Shown for a value that was absent (JSON null). */
export const NO_VALUE = '—';

/**
 * A history value (AWSJSON: JSON text, `null` when the attribute was absent) as a person reads it
 * (displayJson: no JSON braces); an absent value as a dash.
 */
export function historyText(text: string | null | undefined): string {
  return text === null || text === undefined || text.trim() === 'null' ? NO_VALUE : displayJson(text);
}

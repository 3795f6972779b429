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

/** AWSJSON arrives as JSON text from AppSync; keep it as text whatever the transport did. */
export const jsonText = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'string' ? v : JSON.stringify(v);

/** One attribute of a history record; values are JSON text (null when absent). */
export interface HistoryChange {
  attribute: string;
  oldValue?: string | null;
  newValue?: string | null;
  reason?: string | null;
}

/** One write to a location, as locationHistory returns it. */
export interface HistoryRecord {
  at: string;
  who: string;
  source: string;
  changes: HistoryChange[];
}

export interface HistoryPage {
  items: HistoryRecord[];
  nextToken: string | null;
}

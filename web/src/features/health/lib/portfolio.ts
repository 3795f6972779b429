import { toCsv } from '@/lib/csv';
import type { FridgeHealth } from '../api/health-fields';
import { vendingStateLabel } from './health-rules';

/**
 * The /portfoliohealth filters (spec §2.2).
 *
 * Toggle semantics (a decision; the spec only names the toggles and their
 * defaults): a toggle that is ON keeps only the fridges whose attribute is
 * true; a toggle that is OFF does not filter on that attribute at all. So the
 * default view (HDMI, ELO, Card Reader Connected and Has Electrical Layout on;
 * Is Out of Order, Has Safety Hold and Is Inaccessible off) shows the fully
 * connected fridges whatever their state; turning 'Is Out of Order' on narrows
 * that to the ones out of order, and turning a connection toggle off brings
 * back the fridges without (or not reporting) that connection. A fridge that
 * did not report an attribute (null) only passes while its toggle is off.
 * The selects keep fridges with exactly that Jofemar state / timezone; 'All'
 * does not filter. Every filter applies together (AND).
 */
export interface PortfolioFilter {
  hdmi: boolean;
  elo: boolean;
  cardReader: boolean;
  electricalLayout: boolean;
  outOfOrder: boolean;
  safetyHold: boolean;
  inaccessible: boolean;
  /** A raw Jofemar state, or ALL. */
  jofemarState: string;
  /** A timezone, or ALL. */
  timezone: string;
}

export type ToggleKey =
  'hdmi' | 'elo' | 'cardReader' | 'electricalLayout' | 'outOfOrder' | 'safetyHold' | 'inaccessible';

export const ALL = 'All';

/** The toggles in the order of the Filters panel, with their spec labels. */
export const FILTER_TOGGLES: { key: ToggleKey; label: string }[] = [
  { key: 'hdmi', label: 'HDMI Connected' },
  { key: 'elo', label: 'ELO Connected' },
  { key: 'cardReader', label: 'Card Reader Connected' },
  { key: 'electricalLayout', label: 'Has Electrical Layout' },
  { key: 'outOfOrder', label: 'Is Out of Order' },
  { key: 'safetyHold', label: 'Has Safety Hold' },
  { key: 'inaccessible', label: 'Is Inaccessible' },
];

export const DEFAULT_FILTER: PortfolioFilter = {
  hdmi: true,
  elo: true,
  cardReader: true,
  electricalLayout: true,
  outOfOrder: false,
  safetyHold: false,
  inaccessible: false,
  jofemarState: ALL,
  timezone: ALL,
};

/** The filter as the page's address keeps it (`useSearchState`): each toggle `on` or `off`, each select its value. */
export type PortfolioFilterText = { [K in keyof PortfolioFilter]: string };

export function portfolioFilterText(f: PortfolioFilter): PortfolioFilterText {
  const toggles = Object.fromEntries(FILTER_TOGGLES.map((t) => [t.key, f[t.key] ? 'on' : 'off']));
  return { ...(toggles as Record<ToggleKey, string>), jofemarState: f.jofemarState, timezone: f.timezone };
}

/** The address's text as a filter: a toggle is on only for `on`, off only for `off`, else its default. */
export function portfolioFilterOf(text: PortfolioFilterText): PortfolioFilter {
  const toggles = Object.fromEntries(
    FILTER_TOGGLES.map((t) => [t.key, text[t.key] === 'on' || (text[t.key] !== 'off' && DEFAULT_FILTER[t.key])]),
  );
  return { ...(toggles as Record<ToggleKey, boolean>), jofemarState: text.jofemarState, timezone: text.timezone };
}

export const DEFAULT_FILTER_TEXT = portfolioFilterText(DEFAULT_FILTER);

/** The fridges the filter keeps, sorted by location id. */
export function applyPortfolioFilter(items: FridgeHealth[], f: PortfolioFilter): FridgeHealth[] {
  const on = FILTER_TOGGLES.filter((t) => f[t.key]).map((t) => t.key);
  return items
    .filter(
      (h) =>
        on.every((k) => h[k] === true) &&
        (f.jofemarState === ALL || h.jofemarState === f.jofemarState) &&
        (f.timezone === ALL || h.timezone === f.timezone),
    )
    .sort((a, b) => a.locationId.localeCompare(b.locationId));
}

/** The distinct values of a field in the data, sorted, for a select (after 'All'). */
export function optionsOf(items: FridgeHealth[], field: 'jofemarState' | 'timezone'): string[] {
  const values = new Set<string>();
  for (const h of items) {
    const v = h[field];
    if (v) values.add(v);
  }
  return [...values].sort();
}

/** A Jofemar state option's text: its §4.4 label, with the raw state when they differ. */
export function jofemarOptionLabel(state: string): string {
  const label = vendingStateLabel(state);
  return label === state ? state : `${label} (${state})`;
}

export interface ChartRow extends Record<string, string | number> {
  state: string;
  affected: number;
  notAffected: number;
}

/** Affected versus not-affected counts of Inaccessible, Out of Order and Safety Hold (false or unreported is not affected). */
export function portfolioChartData(items: FridgeHealth[]): ChartRow[] {
  const count = (key: 'inaccessible' | 'outOfOrder' | 'safetyHold') => {
    const affected = items.filter((h) => h[key] === true).length;
    return { affected, notAffected: items.length - affected };
  };
  return [
    { state: 'Inaccessible', ...count('inaccessible') },
    { state: 'Out of Order', ...count('outOfOrder') },
    { state: 'Safety Hold', ...count('safetyHold') },
  ];
}

const cell = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export const CSV_HEADER = [
  'locationId',
  'jofemarState',
  'vendingState',
  'timezone',
  'outOfOrder',
  'outOfOrderTs',
  'safetyHold',
  'safetyHoldTs',
  'inaccessible',
  'activeTicket',
  'hdmi',
  'elo',
  'cardReader',
  'electricalLayout',
  'temperature',
  'temperatureSetpoint',
  'networkSpeed',
  'serverVersion',
  'timestamp',
  'allReasons',
];

/** The CSV of these fridges (the filtered list), one line each. */
export function portfolioCsv(items: FridgeHealth[]): string {
  return toCsv(
    CSV_HEADER,
    items.map((h) =>
      [
        h.locationId,
        h.jofemarState,
        vendingStateLabel(h.jofemarState),
        h.timezone,
        h.outOfOrder,
        h.outOfOrderTs,
        h.safetyHold,
        h.safetyHoldTs,
        h.inaccessible,
        h.activeTicket,
        h.hdmi,
        h.elo,
        h.cardReader,
        h.electricalLayout,
        h.temperature,
        h.temperatureSetpoint,
        h.networkSpeed?.previousSpeed,
        h.serverVersion,
        h.timestamp,
        h.allReasons?.join('; '),
      ].map(cell),
    ),
  );
}

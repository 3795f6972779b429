import { rest } from '@/lib/api';
import type { TemperatureRow } from '@/generated/rest/responses';
import type { EpochRange } from '../lib/report-rules';
import { allPages } from './all-pages';

/**
 * §3 route temperature row: `Kind` 'At stop' or 'Van' (where it was read: at the stop, or in the
 * van, often at the depot); `stockingIndex` null for a van reading.
 */
export type { TemperatureRow } from '@/generated/rest/responses';

/** GET /reports/routetemperatures, every page. */
export const getRouteTemperatures = (range: EpochRange, onRows: (rows: TemperatureRow[]) => void) =>
  allPages((args) => rest('route_temperatures_report', args), range, onRows);

import type { EpochRange } from '../lib/report-rules';
import { allPages } from './all-pages';

/** §3 route temperature row. */
export interface TemperatureRow {
  /** Where it was read: at the stop (LocationStocked) or in the van (VanTemperature, often at the depot). */
  Location: string;
  DateTime: number;
  Temperature: number;
  assignedRoute: string | null;
  Kind: 'Van' | 'At stop';
  /** Null for a van reading. */
  stockingIndex: number | null;
  occurredAt: string;
}

/** GET /reports/routetemperatures, every page. */
export const getRouteTemperatures = (range: EpochRange, onRows: (rows: TemperatureRow[]) => void) =>
  allPages<TemperatureRow>('/reports/routetemperatures', range, onRows);

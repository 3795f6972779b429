import { rest } from '@/lib/api';
import type { LocationPacking } from '@/generated/rest/responses';

/** One location's packing slip: its driver, its needs per item and per slot. */
export type ReportLocation = LocationPacking;

/** GET /pars/report/{YYYYMMDD}: the packing slips of a date. */
export const getParsReport = (date: string) => rest('pars_report', { date: date.replaceAll('-', '') });

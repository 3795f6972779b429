import { rest } from '@/lib/api';
import type { EpochRange, LogEntry } from '../lib/report-rules';
import { allPages } from './all-pages';

/** GET /reports/driverlog, every page. */
export const getDriverLog = (range: EpochRange, onRows: (rows: LogEntry[]) => void) =>
  allPages((args) => rest('driver_log_report', args), range, onRows);

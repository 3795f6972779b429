import { rest } from '@/lib/api';
import type { StockingDate } from '@/lib/brands';

/**
 * §3 stockout row (Date and Time in Central); an open stock-out's next stop (its stocking date) and
 * the hours until that day starts.
 */
export type { StockOutRow } from '@/generated/rest/responses';

/** GET /reports/stockouts/{date}: what fridges ran out of that Central day. */
export const getStockOuts = (date: StockingDate) => rest('stock_outs_report', { date });

import { rest } from '@/lib/api';

/** §3 stockout row (Date and Time in Central). */
export interface StockOutRow {
  Date: string;
  Time: string;
  Location: string;
  Item: string;
  timestamp: string;
  restockedAt: string | null;
  lastedMinutes: number | null;
  route: string | null;
  market: string | null;
  /** An open stock-out's next stop (its stocking date) and the hours until that day starts. */
  nextStop: string | null;
  hoursToNextStop: number | null;
}

/** GET /reports/stockouts/{date}: what fridges ran out of that Central day. */
export const getStockOuts = (date: string) =>
  rest<StockOutRow[]>('GET', `/reports/stockouts/${encodeURIComponent(date)}`);

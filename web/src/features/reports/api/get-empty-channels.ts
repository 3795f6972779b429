import { rest } from '@/lib/api';

/** §3 empty channel row, with its Central date and time. */
export interface EmptyChannelRow {
  kioskName: string;
  vendItemName: string;
  timestamp: string;
  date: string;
  time: string;
  logicalColumn: string | null;
  logicalRow: string | null;
  slot: string;
  /** When the slot held units again (Central 'YYYY-MM-DD HH:mm'), and minutes empty. */
  restockedAt: string | null;
  lastedMinutes: number | null;
  /** The location's route and market on the day (route stops). */
  route: string | null;
  market: string | null;
}

/** GET /reports/emptychannel/{date}: the slots that became empty that Central day. */
export const getEmptyChannels = (date: string) =>
  rest<EmptyChannelRow[]>('GET', `/reports/emptychannel/${encodeURIComponent(date)}`);

import { rest } from '@/lib/api';
import type { StockingDate } from '@/lib/brands';

/**
 * §3 empty channel row, with its Central date and time; `restockedAt` (Central 'YYYY-MM-DD HH:mm')
 * and `lastedMinutes` once the slot held units again; the location's route and market on the day.
 */
export type { EmptyChannelRow } from '@/generated/rest/responses';

/** GET /reports/emptychannel/{date}: the slots that became empty that Central day. */
export const getEmptyChannels = (date: StockingDate) => rest('empty_channel_report', { date });

import { centralTime } from '@/lib/central-time';
import type { AttentionItem } from './attention';
import { centralClock } from './dashboard';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * When a Needs-attention item was raised, as the panel says it after 'since' (Central time, 'CT' after it): the
 * clock alone ('18:00') on the day it is (Central) at `now`, and with its date on an earlier day ('Nov 27 18:00'):
 * a stocking day starts at 18:00 the day before, so '18:00' alone read as this evening. Another year adds it
 * ('Dec 31 2025 18:00'). The clock is the server's (`sinceCentral`); the date is read from `since`.
 */
export function sinceText(item: Pick<AttentionItem, 'since' | 'sinceCentral'>, now: number): string {
  const clock = item.sinceCentral || centralClock(item.since);
  const day = centralTime(item.since).slice(0, 10);
  const today = centralTime(new Date(now).toISOString()).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day >= today) return clock;
  const [year, month, date] = day.split('-');
  const shown = `${MONTHS[Number(month) - 1]} ${Number(date)}`;
  return `${year === today.slice(0, 4) ? shown : `${shown} ${year}`} ${clock}`;
}

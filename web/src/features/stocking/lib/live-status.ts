import { centralTime } from '@/lib/central-time';

/**
 * Where the dashboard's changes come from (issue 61). `connecting`: subscribed, not connected yet; `live`: every
 * change arrives; `lost`: the connection dropped (the 2-minute refresh of §4.4 reads meanwhile); `catching-up`:
 * back, reading everything once before live again; `off`: no search shown, the refresh limit reached, or the
 * subscription refused (a user who may not see the whole day) or failed before it ever connected.
 */
export type LiveState = 'off' | 'connecting' | 'live' | 'lost' | 'catching-up';

/** While connected (or reading everything after a reconnection) the 2-minute refresh does not run. */
export const isLiveUp = (state: LiveState) => state === 'live' || state === 'catching-up';

export const LIVE_MESSAGES = {
  live: 'Live',
  lost: 'Connection lost. Refreshing every 2 minutes.',
  catchingUp: 'Connection back. Reading the board again.',
} as const;

/** The Summary's words for the connection; null when there is nothing to say (as before the page went live). */
export function liveText(state: LiveState): string | null {
  switch (state) {
    case 'live':
      return LIVE_MESSAGES.live;
    case 'lost':
      return LIVE_MESSAGES.lost;
    case 'catching-up':
      return LIVE_MESSAGES.catchingUp;
    default:
      return null;
  }
}

/** After 'Live': when the last change received was written, in Central time as 'As of'. */
export function lastChangeText(lastChangeAt: string | null): string {
  return lastChangeAt ? `last change ${centralTime(lastChangeAt)} CT` : 'no change yet';
}

/** 'As of …', or after a failed read, until one succeeds, that the board is not current (times as 'As of'). */
export function asOfText(asOf: string, failed: boolean, retrying = true): string {
  const at = `${centralTime(asOf)} CT`;
  if (!failed) return `As of ${at}`;
  return retrying ? `Not updated since ${at}. Retrying.` : `Not updated since ${at}.`;
}

const COUNT_PREFIX = /^\(\d+\) /;

/** The tab's title with the changes counted while it was hidden: '(3) Stocking Real-Time Dashboard · …'. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

import { useEffect, useRef, useState } from 'react';
import { onConnectionChange, onStockingChanged, type StockingChange } from '../api/on-stocking-changed';
import type { StockingDashboard } from './dashboard-types';
import { LIVE_READ_MS, MAX_REREADS, REREAD_MS, reconnectDelay, showsChange } from './live-changes';
import type { LiveState } from './live-status';
import type { OwnChanges } from './own-changes';
import { ReadThrottle } from './read-throttle';

/** A subscription that failed (not refused) is made again after this long, plus up to RECONNECT_SPREAD_MS. */
export const RESUBSCRIBE_MS = 60_000;

export interface LiveBoardOptions {
  /** The drop-off date of the search shown; null: nothing is subscribed (no search, or the refresh limit). */
  dropOffDate: string | null;
  /** The board shown now. */
  board: StockingDashboard | undefined;
  /** Reads the board again, sending its digests; resolves with the answer, or undefined when the read failed. */
  read: () => Promise<StockingDashboard | undefined>;
  /** This browser's own changes: their events are not read again. */
  own?: OwnChanges;
  random?: () => number;
}

export interface LiveBoard {
  state: LiveState;
  /** When the last change received while connected was written (its changedAt). */
  lastChangeAt: string | null;
}

/** A change waiting for a read that shows it: the board shown when it arrived, and the reads made for it. */
interface Waiting {
  change: StockingChange;
  before: StockingDashboard | undefined;
  tries: number;
}

/**
 * The live dashboard (issue 61): subscribes to the changes of the shown drop-off date and reads the board again
 * on them, at most once every 2 s (ReadThrottle), again up to MAX_REREADS times when an answer does not show its
 * change yet (showsChange), and once a minute while live. None of these reads counts toward the 240-refresh limit:
 * the 2-minute refresh (useAutoRefresh) runs only while the page is not live, and only it counts. When the
 * connection comes back, one read of everything, 0-10 s later (a fleet of consoles does not read at once), before
 * live again. A refused subscription (a user who may not see the whole day) leaves the page as it was: refreshed
 * every 2 minutes.
 */
export function useLiveBoard({ dropOffDate, board, read, own, random = Math.random }: LiveBoardOptions): LiveBoard {
  const [state, setState] = useState<LiveState>('off');
  const [lastChangeAt, setLastChangeAt] = useState<string | null>(null);
  // The latest of each, for the subscription's callbacks (it is not made again when they change).
  const latest = useRef({ board, read, own, random });
  useEffect(() => {
    latest.current = { board, read, own, random };
  }, [board, read, own, random]);

  useEffect(() => {
    setLastChangeAt(null);
    if (!dropOffDate) {
      setState('off');
      return undefined;
    }
    let current: LiveState = 'connecting';
    let ended = false;
    let waiting: Waiting[] = [];
    // The next read is the one that follows a reconnection (it ends catching-up).
    let catchUpRead = false;
    let catchUpTimer: ReturnType<typeof setTimeout> | undefined;
    let minute: ReturnType<typeof setInterval> | undefined;
    let unsubscribe: (() => void) | undefined;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (fn: () => void, ms: number) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
      return t;
    };

    const throttle = new ReadThrottle(async () => {
      const batch = waiting;
      waiting = [];
      const ending = catchUpRead;
      catchUpRead = false;
      const after = await latest.current.read();
      if (ended) return;
      if (ending && current === 'catching-up') go('live');
      // A change the answer does not show yet (or a failed read): read again, 1 s after, up to 3 times.
      for (const w of batch) {
        if (after && showsChange(w.change, w.before, after)) continue;
        if (w.tries >= MAX_REREADS) continue;
        later(() => {
          waiting.push({ ...w, tries: w.tries + 1 });
          throttle.request();
        }, REREAD_MS);
      }
    });

    const go = (next: LiveState) => {
      current = next;
      setState(next);
      // While live, a read once a minute too (changes missed or not published are seen within a minute).
      if (next === 'live' && minute === undefined) minute = setInterval(() => throttle.request(), LIVE_READ_MS);
      if (next !== 'live' && minute !== undefined) {
        clearInterval(minute);
        minute = undefined;
      }
    };

    // Back after a drop: changes may have been missed, so everything is read once, spread over 0-10 s.
    const reconnected = () => {
      go('catching-up');
      catchUpTimer = later(() => {
        catchUpRead = true;
        throttle.request();
      }, reconnectDelay(latest.current.random));
    };
    const dropped = () => {
      clearTimeout(catchUpTimer);
      catchUpRead = false;
      go('lost');
    };

    const stopConnection = onConnectionChange((connection) => {
      if (current === 'off') return;
      if (connection === 'connected') {
        if (current === 'connecting') go('live');
        else if (current === 'lost') reconnected();
      } else if (current === 'live' || current === 'catching-up') {
        dropped();
      }
      // Not connected yet: the 2-minute refresh reads meanwhile, as before the page went live.
    });

    const subscribe = () => {
      unsubscribe = onStockingChanged(dropOffDate, {
        onChange: (change) => {
          if (ended || current === 'off') return;
          // A change arriving shows the connection is up, whatever the Hub said last.
          if (current === 'connecting') go('live');
          else if (current === 'lost') reconnected();
          setLastChangeAt(change.changedAt);
          // This browser's own change: the answer of its call is shown already.
          if (latest.current.own?.covers(change)) return;
          // Nothing shown yet: the answer on its way shows it.
          if (!latest.current.board) return;
          waiting.push({ change, before: latest.current.board, tries: 0 });
          throttle.request();
        },
        onError: (refused) => {
          unsubscribe = undefined;
          if (ended) return;
          if (refused) {
            // The server's no (a driver, a restricted user): the 2-minute refresh, as before.
            go('off');
            stopConnection();
            return;
          }
          if (current === 'live' || current === 'catching-up') dropped();
          later(subscribe, RESUBSCRIBE_MS + reconnectDelay(latest.current.random));
        },
      });
    };
    go('connecting');
    subscribe();

    return () => {
      ended = true;
      throttle.stop();
      timers.forEach(clearTimeout);
      clearInterval(minute);
      stopConnection();
      unsubscribe?.();
    };
  }, [dropOffDate]);

  return { state, lastChangeAt };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_REFRESHES, REFRESH_MS } from './dashboard';

export interface AutoRefresh {
  /** Refreshes made so far (timed and by hand). */
  count: number;
  /** The limit is reached: no more refreshes until the page is reloaded. */
  exhausted: boolean;
  /** A refresh by hand; it counts like a timed one. */
  refreshNow: () => void;
}

/**
 * Calls `refresh` every `everyMs` while `active`, at most `max` times in the
 * page's life (2-fleet §4.4, §9): a console left open all week stops reading
 * instead of refreshing for ever.
 */
export function useAutoRefresh(
  active: boolean,
  refresh: () => void,
  { everyMs = REFRESH_MS, max = MAX_REFRESHES }: { everyMs?: number; max?: number } = {},
): AutoRefresh {
  const [count, setCount] = useState(0);
  const [exhausted, setExhausted] = useState(false);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  const used = useRef(0);

  const tick = useCallback(() => {
    if (used.current >= max) {
      setExhausted(true);
      return;
    }
    used.current += 1;
    setCount(used.current);
    latest.current();
  }, [max]);

  useEffect(() => {
    if (!active || exhausted) return undefined;
    const timer = window.setInterval(tick, everyMs);
    return () => window.clearInterval(timer);
  }, [active, exhausted, everyMs, tick]);

  return { count, exhausted, refreshNow: tick };
}

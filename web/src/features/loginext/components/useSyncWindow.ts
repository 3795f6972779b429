import { useEffect, useState } from 'react';
import { COUNTDOWN_MS, msUntilBlock } from '../lib/sync-rules';

/** How often the window is checked (2-fleet §5: every 60 s); every second while counting down. */
export const WINDOW_CHECK_MS = 60_000;
const COUNTDOWN_TICK_MS = 1000;

/**
 * The sync window on the Central wall clock: the milliseconds left before it starts (0 inside it),
 * read from `now` every minute, and on each second of the countdown's last minutes. A check is never
 * later than the countdown's start or the window's start, so neither starts late.
 */
export function useSyncWindow(now: () => Date): number {
  const [left, setLeft] = useState(() => msUntilBlock(now()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const ms = msUntilBlock(now());
      setLeft(ms);
      const next =
        ms === 0
          ? WINDOW_CHECK_MS
          : ms <= COUNTDOWN_MS
            ? ms % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS
            : Math.min(WINDOW_CHECK_MS, ms - COUNTDOWN_MS);
      timer = setTimeout(check, next);
    };
    check();
    return () => clearTimeout(timer);
  }, [now]);
  return left;
}

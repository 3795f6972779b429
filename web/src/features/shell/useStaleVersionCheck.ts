import { useEffect, useState } from 'react';
import { currentMainScriptSrc, isNewVersionAvailable, STALE_VERSION_INTERVAL_MS } from './stale-version';

/** Every 5 minutes fetches `/` uncached; returns true once a newer build has been published. */
export function useStaleVersionCheck(intervalMs: number = STALE_VERSION_INTERVAL_MS): boolean {
  const [stale, setStale] = useState(false);

  useEffect(() => {
    if (stale) return;
    const current = currentMainScriptSrc();
    if (!current) return;
    let cancelled = false;
    const check = async () => {
      try {
        const res = await fetch(import.meta.env.BASE_URL, { cache: 'no-store' });
        if (!res.ok) return;
        const html = await res.text();
        if (!cancelled && isNewVersionAvailable(current, html)) setStale(true);
      } catch {
        // Offline or a deploy in progress: try again at the next tick.
      }
    };
    const timer = setInterval(check, intervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [intervalMs, stale]);

  return stale;
}

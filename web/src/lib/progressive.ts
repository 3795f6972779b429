import { useCallback, useEffect, useState } from 'react';
import { useBeforePrint } from './print';

/**
 * How many of `total` items a long list renders now: `first` at once, then `step` more each frame until all are
 * (issue 26: a day of 2,500 stops rendered in one go kept the page blank for a second and more). The first
 * screen shows at once and the rest fills in while the user reads it. Printing renders everything first.
 */
export function useProgressive(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    // A frame apart: the browser paints what is rendered before the next part is.
    const frame = requestAnimationFrame(() => setShown((s) => s + step));
    return () => cancelAnimationFrame(frame);
  }, [shown, total, step]);
  useBeforePrint(useCallback(() => setShown(Number.MAX_SAFE_INTEGER), []));
  return Math.min(shown, total);
}

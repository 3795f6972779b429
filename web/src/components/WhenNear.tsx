import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useBeforePrint } from '@/lib/print';

/** How far outside the viewport content is rendered ahead of the scroll. */
const AHEAD = '1500px 0px';

/**
 * Renders `children` once they come near the viewport, and keeps them; until then a placeholder of `estimate`
 * height holds their place, so the page's length and scroll position stay right. For long pages of heavy parts
 * (the dashboard's 125 route tables at 25,000 fridges): what is on screen renders at once. Printing renders all.
 */
export function WhenNear({
  estimate,
  eager = false,
  children,
}: {
  estimate: string;
  /** Render now, near or not (and keep): what the page is about to jump to must be there to jump to. */
  eager?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  const near = seen || eager;
  useBeforePrint(useCallback(() => setSeen(true), []));
  useEffect(() => {
    if (eager) setSeen(true);
  }, [eager]);
  useEffect(() => {
    if (near) return;
    const el = ref.current;
    // No observer (an old browser, jsdom): everything renders, as without this.
    if (!el || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), {
      rootMargin: AHEAD,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref} style={{ minHeight: estimate }} />;
}

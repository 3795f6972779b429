import { useEffect, useRef, type RefObject } from 'react';
import type { AttentionMark } from './attention';

/** The class of what a Show marked (a stop's row, or a route card), with aria-current (attention.css). */
export const MARKED_CLASS = 'attention-marked';
/** Frames to wait for a marked row to render (a card's table renders near the viewport, a long one in parts). */
const WAIT_FRAMES = 120;

/**
 * Marks, in a route card, what a Needs-attention item's Show jumped to: the row named `rowName` (the accessible
 * name DataTable gives it), or the card itself when the item has no stop or its row is not on the card. The first
 * time for a jump (`mark.seq`) it is scrolled into view and focused; a refresh that renders the rows again marks
 * them again without moving the page. A row not rendered yet (the table waits until the card is near the
 * viewport) is waited for, the card scrolled to meanwhile; rows still on their way (`rowName` undefined) too.
 * The mark goes when `mark` does.
 */
export function useAttentionMark(
  card: RefObject<HTMLElement | null>,
  mark: AttentionMark | undefined,
  /** The marked stop's row; null for the card itself, undefined while the card's rows are on their way. */
  rowName: string | null | undefined,
  /** The card's rows and whether it is expanded: when they render again, the mark is put back. */
  rows: unknown,
  expanded: boolean,
) {
  // The jump last scrolled to and focused, and the last whose card was scrolled to while its row was awaited.
  const shown = useRef<number | null>(null);
  const cardShown = useRef<number | null>(null);
  useEffect(() => {
    const el = card.current;
    if (!mark || !el) return;
    const first = shown.current !== mark.seq;
    const behavior: ScrollBehavior = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      ? 'auto'
      : 'smooth';
    let target: HTMLElement | null = null;
    let frame = 0;
    const markIt = (t: HTMLElement, block: ScrollLogicalPosition) => {
      target = t;
      t.classList.add(MARKED_CLASS);
      t.setAttribute('aria-current', 'true');
      if (!first) return;
      shown.current = mark.seq;
      // Focusable by script only: the keyboard goes on from the marked row.
      if (!t.hasAttribute('tabindex')) t.tabIndex = -1;
      t.scrollIntoView({ block, behavior });
      t.focus({ preventScroll: true });
    };
    const showCard = (smooth: boolean) => {
      if (!first || cardShown.current === mark.seq) return;
      cardShown.current = mark.seq;
      el.scrollIntoView({ block: 'start', behavior: smooth ? behavior : 'auto' });
    };
    const findRow = () =>
      [...el.querySelectorAll<HTMLElement>('tr[aria-label]')].find((r) => r.getAttribute('aria-label') === rowName);

    if (rowName === null) markIt(el, 'start');
    else if (rowName === undefined) {
      // The card's rows are on their way: show the card meanwhile.
      showCard(true);
    } else {
      let frames = 0;
      const wait = () => {
        const row = findRow();
        if (row) markIt(row, 'center');
        else if (++frames >= WAIT_FRAMES) markIt(el, 'start');
        else frame = requestAnimationFrame(wait);
      };
      const row = findRow();
      if (row) markIt(row, 'center');
      else {
        // Near the viewport, the card renders its table.
        showCard(false);
        frame = requestAnimationFrame(wait);
      }
    }
    return () => {
      cancelAnimationFrame(frame);
      const t = target as HTMLElement | null;
      t?.classList.remove(MARKED_CLASS);
      t?.removeAttribute('aria-current');
    };
  }, [card, mark, rowName, rows, expanded]);
}

import { useEffect, useRef, type RefObject } from 'react';
import type { AttentionMark } from './attention';

/** The class of what a Show marked (a stop's row, or a route card), with aria-current (attention.css). */
export const MARKED_CLASS = 'attention-marked';
/** Frames to wait for a marked row to render (the card's table renders at once for a Show; this is a fallback). */
const WAIT_FRAMES = 120;
/** The shell's sticky navigation bar (features/shell Layout): what a jump lands below, not under. */
export const PAGE_HEADER_SELECTOR = '.app-header';
/** Room left between the header and what a jump lands on. */
export const LANDING_GAP_PX = 8;
/** How long a jump holds its target in place while the tables near it render and change the heights above it. */
export const SETTLE_MS = 1_000;
/** What the user does that ends the hold: the page is theirs again. */
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The bottom of the sticky page header in the viewport (0 without one). */
function headerBottom(): number {
  const bar = document.querySelector(PAGE_HEADER_SELECTOR);
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

/**
 * Scrolls the page at once so that `el` sits just below the sticky page header, then holds it there for `settleMs`
 * while what is above it changes height (the cards near it render their tables as they come near the viewport,
 * taller or shorter than their placeholders), until the user scrolls, clicks or types. Returns what stops the hold.
 * At once, not smoothly: a smooth scroll across a long day renders every table it passes and took seconds.
 */
export function landOn(el: HTMLElement, settleMs = SETTLE_MS): () => void {
  let frame = 0;
  const place = () => {
    const off = el.getBoundingClientRect().top - (headerBottom() + LANDING_GAP_PX);
    if (Math.abs(off) >= 1) window.scrollTo({ top: Math.max(0, window.scrollY + off), behavior: 'instant' });
  };
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_INPUT) window.removeEventListener(type, stop, true);
  };
  const until = performance.now() + settleMs;
  const hold = () => {
    // Gone (a new search, the card collapsed): nothing to hold.
    if (!el.isConnected) return stop();
    place();
    if (performance.now() < until) frame = requestAnimationFrame(hold);
    else stop();
  };
  place();
  for (const type of USER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  frame = requestAnimationFrame(hold);
  return stop;
}

/**
 * Marks, in a route card, what a Needs-attention item's Show jumped to: the row named `rowName` (the accessible
 * name DataTable gives it), or the card itself when the item has no stop or its row is not on the card. The first
 * time for a jump (`mark.seq`) the page lands on it just below its sticky header (landOn) and it takes the focus;
 * a refresh that renders the rows again marks them again without moving the page. Rows still on their way
 * (`rowName` undefined) are waited for, the page landing on the card meanwhile; so is a row not rendered yet.
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
  // The jump last landed on and focused, and the last whose card was landed on while its row was awaited.
  const shown = useRef<number | null>(null);
  const cardShown = useRef<number | null>(null);
  useEffect(() => {
    const el = card.current;
    if (!mark || !el) return;
    const first = shown.current !== mark.seq;
    let target: HTMLElement | null = null;
    let frame = 0;
    let stopLanding: (() => void) | undefined;
    const land = (t: HTMLElement) => {
      stopLanding?.();
      stopLanding = landOn(t);
    };
    const markIt = (t: HTMLElement) => {
      target = t;
      t.classList.add(MARKED_CLASS);
      t.setAttribute('aria-current', 'true');
      if (!first) return;
      shown.current = mark.seq;
      // Focusable by script only: the keyboard goes on from the marked row. Landed first, so the focus moves nothing.
      if (!t.hasAttribute('tabindex')) t.tabIndex = -1;
      land(t);
      t.focus({ preventScroll: true });
    };
    const showCard = () => {
      if (!first || cardShown.current === mark.seq) return;
      cardShown.current = mark.seq;
      land(el);
    };
    const findRow = () =>
      [...el.querySelectorAll<HTMLElement>('tr[aria-label]')].find((r) => r.getAttribute('aria-label') === rowName);

    if (rowName === null) markIt(el);
    else if (rowName === undefined) {
      // The card's rows are on their way: show the card meanwhile.
      showCard();
    } else {
      let frames = 0;
      const wait = () => {
        const row = findRow();
        if (row) markIt(row);
        else if (++frames >= WAIT_FRAMES) markIt(el);
        else frame = requestAnimationFrame(wait);
      };
      const row = findRow();
      if (row) markIt(row);
      else {
        showCard();
        frame = requestAnimationFrame(wait);
      }
    }
    return () => {
      cancelAnimationFrame(frame);
      stopLanding?.();
      const t = target as HTMLElement | null;
      t?.classList.remove(MARKED_CLASS);
      t?.removeAttribute('aria-current');
    };
  }, [card, mark, rowName, rows, expanded]);
}

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The header cell of a column carries its id, so the table can measure its columns. */
export const COLUMN_ID_ATTRIBUTE = 'data-column-id';
/** Room the scrolling columns keep between the pinned ones; narrower than this, the table folds instead. */
export const MIDDLE_MIN_PX = 96;

/** The columns a table pins: the key (and its checkboxes) on the left, the essential ones on the right. */
export interface Pins {
  left: readonly string[];
  right: readonly string[];
}

/** The CSS variable of a pinned column's offset, set on the table: `--pin-left-0`, `--pin-right-1`... */
export const pinVar = (side: 'left' | 'right', index: number) => `--pin-${side}-${index}`;

/** Sets a CSS variable only when it changes: an unchanged table's next measure reads without a new layout. */
function setVar(el: HTMLElement, name: string, value: string) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

function widthOf(table: HTMLTableElement, id: string): number {
  for (const th of table.querySelectorAll<HTMLElement>(`thead th[${COLUMN_ID_ATTRIBUTE}]`)) {
    if (th.getAttribute(COLUMN_ID_ATTRIBUTE) === id) return th.getBoundingClientRect().width;
  }
  return 0;
}

/**
 * Pins a table's key columns (sticky on the left) and its essential columns (sticky on the right, each after the
 * width of those right of it), so they stay in view while the others scroll sideways between them; and answers
 * whether the table folds: while its scroll box is too narrow for the pinned columns plus MIDDLE_MIN_PX of the
 * others, which then fold into row details. It unfolds once the box is that wide again. Measured after every
 * render before paint (no unpinned flash) and whenever the box or the unfolded table resizes. Nothing happens
 * without `pins`, nor before the box is laid out (hidden, or under jsdom).
 */
export function useEssentialLayout(
  box: RefObject<HTMLElement | null>,
  table: RefObject<HTMLTableElement | null>,
  pins: Pins | null,
): boolean {
  const [folded, setFolded] = useState(false);
  // The box's width at which a folded table unfolds again: what its pinned columns took, plus the middle.
  const unfoldAt = useRef(0);
  const measure = useRef<() => void>(() => {});

  useLayoutEffect(() => {
    measure.current = () => {
      const boxEl = box.current;
      const tableEl = table.current;
      if (!pins || !boxEl || !tableEl) return;
      const room = boxEl.clientWidth;
      if (room === 0) return;
      if (folded) {
        if (room >= unfoldAt.current) setFolded(false);
        return;
      }
      let left = 0;
      pins.left.forEach((id, i) => {
        setVar(tableEl, pinVar('left', i), `${left}px`);
        left += widthOf(tableEl, id);
      });
      let right = 0;
      for (let i = pins.right.length - 1; i >= 0; i--) {
        setVar(tableEl, pinVar('right', i), `${right}px`);
        right += widthOf(tableEl, pins.right[i]);
      }
      const scrolls = tableEl.getBoundingClientRect().width > room + 0.5;
      if (scrolls && left + right + MIDDLE_MIN_PX > room) {
        unfoldAt.current = left + right + MIDDLE_MIN_PX;
        setFolded(true);
      }
    };
    measure.current();
  });

  useEffect(() => {
    const boxEl = box.current;
    const tableEl = table.current;
    if (!pins || !boxEl || !tableEl) return;
    const observer = new ResizeObserver(() => measure.current());
    observer.observe(boxEl);
    if (!folded) observer.observe(tableEl);
    return () => observer.disconnect();
  }, [box, table, pins, folded]);

  return folded;
}

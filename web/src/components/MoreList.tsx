import { useState } from 'react';
import './more-list.css';

export interface MoreListProps {
  items: readonly string[];
  /** Items shown before '+N more'. */
  max?: number;
  /** What the items are ('fulfillment centers'): completes the toggle's name for a screen reader. */
  noun?: string;
}

/**
 * A list in a line ('a, b, c'), shortened past `max` items with a '+N more' button that shows them all (then
 * 'Show fewer'). A cell listing a sync's thousands of centers stays a line long until asked. The full list
 * opens in a box of its own height, so one row does not take the whole screen.
 */
export function MoreList({ items, max = 3, noun = 'items' }: MoreListProps) {
  const [open, setOpen] = useState(false);
  const hidden = items.length - max;
  if (hidden <= 0) return <>{items.join(', ')}</>;
  return (
    <span className={open ? 'more-list more-list--open' : 'more-list'}>
      <span className="more-list-items">{(open ? items : items.slice(0, max)).join(', ')}</span>{' '}
      <button
        type="button"
        className="more-list-toggle"
        aria-expanded={open}
        aria-label={open ? `Show fewer ${noun}` : `+${hidden} more ${noun}`}
        onClick={(e) => {
          // Not the row's own click (a row may open on a click).
          e.stopPropagation();
          setOpen((o) => !o);
        }}
      >
        {open ? 'Show fewer' : `+${hidden} more`}
      </button>
    </span>
  );
}

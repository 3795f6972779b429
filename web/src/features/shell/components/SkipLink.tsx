import type { MouseEvent } from 'react';
import './skip-link.css';

/** The id of the shell's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to content': the first stop of Tab on every page, shown only while it has the focus, so
 * that a keyboard user need not pass the navigation's stops first. It moves the focus itself
 * (the router would take a bare #hash for a navigation), onto <main> (tabIndex -1): the next Tab
 * is the page's first control.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}

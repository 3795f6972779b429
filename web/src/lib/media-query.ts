import { useCallback, useSyncExternalStore } from 'react';

/** A phone: below 600 px, where styles.css and the kit table stack and fold what is wide. */
export const PHONE_QUERY = '(max-width: 599.98px)';

// One MediaQueryList per query for the page's life: its `matches` follows the window, and a long list of cards
// each reading it on every render made a new one each time (10 ms of a 25,000-fridge dashboard Search's profile).
// Kept per matchMedia function, so a window whose matchMedia is replaced (the tests' fake widths) asks the new one.
const lists = new WeakMap<typeof window.matchMedia, Map<string, MediaQueryList>>();
function listOf(query: string): MediaQueryList | null {
  const match = typeof window.matchMedia === 'function' ? window.matchMedia : null;
  if (!match) return null;
  let byQuery = lists.get(match);
  if (!byQuery) lists.set(match, (byQuery = new Map()));
  let list = byQuery.get(query);
  if (!list) byQuery.set(query, (list = match.call(window, query)));
  return list;
}

/**
 * Whether the media query matches now, following changes (false where matchMedia is missing, as under jsdom).
 * The one hook of every feature, the shell's navigation included.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => listOf(query)?.matches ?? false;
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

import { useCallback, useSyncExternalStore } from 'react';

/** A phone: below 600 px, where styles.css and the kit table stack and fold what is wide. */
export const PHONE_QUERY = '(max-width: 599.98px)';

/**
 * Whether the media query matches now, following changes (false where matchMedia is missing, as under jsdom).
 * The one hook of every feature, the shell's navigation included.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const snapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

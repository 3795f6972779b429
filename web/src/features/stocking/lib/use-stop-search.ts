import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { DashboardRoute } from './dashboard-types';
import { filterKey, searchStops, type StopFilter, type StopSearchCache, type StopSearchResult } from './stop-search';

export interface StopSearch {
  /** The text in the box, as typed. */
  text: string;
  setText: (text: string) => void;
  /** The statuses chosen in the Summary (none: every status), as pressed. */
  statuses: ReadonlySet<string>;
  toggleStatus: (status: string) => void;
  /** Back to every stop: the text and the statuses. */
  clear: () => void;
  /** What the cards show: the search as far as it has been applied (a moment behind the typing). */
  result: StopSearchResult;
  /** That search's key ('' when nothing is searched): a card's expanded state is kept per search. */
  key: string;
}

/**
 * Find a stop over the board's routes (issue 61). The box and the toggles answer at once; the cards follow a
 * moment later (useDeferredValue), so typing over a day of 10,000 stops is not held up by rendering the cards for
 * each letter, and a letter typed meanwhile replaces the render under way.
 */
export function useStopSearch(routes: readonly DashboardRoute[] | undefined): StopSearch {
  const [text, setText] = useState('');
  const [statuses, setStatuses] = useState<ReadonlySet<string>>(() => new Set());
  const toggleStatus = useCallback(
    (status: string) =>
      setStatuses((chosen) => {
        const next = new Set(chosen);
        if (!next.delete(status)) next.add(status);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => {
    setText('');
    setStatuses(new Set());
  }, []);
  const filter = useDeferredValue(useMemo<StopFilter>(() => ({ text, statuses }), [text, statuses]));
  // Kept for the visit: a route the live board did not change keeps the very stops it kept.
  const [cache] = useState<StopSearchCache>(() => new WeakMap());
  const result = useMemo(() => searchStops(routes ?? [], filter, cache), [routes, filter, cache]);
  return { text, setText, statuses, toggleStatus, clear, result, key: filterKey(filter) };
}

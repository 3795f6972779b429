import { useEffect, useMemo, useRef, useState } from 'react';
import type { StockingDashboard } from './dashboard-types';
import { CHANGED_MS, boardChanges, changesText } from './live-changes';
import { titleWithCount } from './live-status';
import type { OwnChanges } from './own-changes';

export interface ChangeMarks {
  /** Each marked route's changed rows (ids): the same objects until the marks change, for the memoised cards. */
  routes: ReadonlyMap<string, ReadonlySet<string>>;
  /** The marked Needs-attention items (keys). */
  items: ReadonlySet<string>;
  /** The polite live region's words for the last changes ('3 stops changed'); empty once their marks end. */
  announcement: string;
  /** Changes counted while the tab was hidden (the title's '(3) '); 0 once it is shown. */
  hiddenCount: number;
}

/** Mark ids: a route's card, one of its rows, a Needs-attention item. */
const cardId = (route: string) => `card\u0000${route}`;
const rowId = (route: string, row: string) => `row\u0000${route}\u0000${row}`;
const itemId = (key: string) => `item\u0000${key}`;

/**
 * What changed from one answer of a search to the next, marked for CHANGED_MS (the rows, the cards, the items), said
 * in a polite live region and, while the tab is hidden, counted in its title. A new search (`search`), a placeholder
 * (the last search's answer while the new one loads) and the first answer mark nothing; nor does this browser's own
 * change (`own`): its user made it.
 */
export function useChangeMarks(
  board: StockingDashboard | undefined,
  search: string | null,
  placeholder: boolean,
  own?: OwnChanges,
): ChangeMarks {
  // Each mark's end (ms).
  const [marks, setMarks] = useState<ReadonlyMap<string, number>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const [hiddenCount, setHiddenCount] = useState(0);
  const last = useRef<{ search: string | null; board: StockingDashboard | undefined }>({ search, board: undefined });

  useEffect(() => {
    if (placeholder || !board) return;
    const prev = last.current;
    last.current = { search, board };
    if (prev.search !== search || !prev.board || prev.board === board) return;
    const changes = boardChanges(
      prev.board,
      board,
      (s) => own?.coversStop(s) ?? false,
      (i) => own?.coversItem(i) ?? false,
    );
    if (!changes.routes.size && !changes.items.size) return;
    const until = Date.now() + CHANGED_MS;
    setMarks((m) => {
      const next = new Map(m);
      for (const [route, rows] of changes.routes) {
        next.set(cardId(route), until);
        rows.forEach((r) => next.set(rowId(route, r), until));
      }
      changes.items.forEach((k) => next.set(itemId(k), until));
      return next;
    });
    const counted = { stops: changes.stops, items: changes.items.size };
    setAnnouncement(changesText(counted));
    if (document.hidden) setHiddenCount((c) => c + counted.stops + counted.items);
  }, [board, search, placeholder, own]);

  // A new search starts unmarked.
  useEffect(() => {
    setMarks(new Map());
    setAnnouncement('');
  }, [search]);

  // Each mark ends CHANGED_MS after it was set; the words go with the last.
  useEffect(() => {
    if (!marks.size) return undefined;
    const next = Math.min(...marks.values());
    const timer = setTimeout(
      () => {
        const now = Date.now();
        const kept = new Map([...marks].filter(([, end]) => end > now));
        setMarks(kept);
        if (!kept.size) setAnnouncement('');
      },
      Math.max(0, next - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [marks]);

  // The title counts changes only while the tab is hidden: shown again, the count goes.
  useEffect(() => {
    const shown = () => {
      if (!document.hidden) setHiddenCount(0);
    };
    document.addEventListener('visibilitychange', shown);
    return () => document.removeEventListener('visibilitychange', shown);
  }, []);
  useEffect(() => {
    document.title = titleWithCount(document.title, hiddenCount);
  }, [hiddenCount]);
  useEffect(() => () => void (document.title = titleWithCount(document.title, 0)), []);

  const derived = useMemo(() => {
    const routes = new Map<string, Set<string>>();
    const items = new Set<string>();
    for (const id of marks.keys()) {
      const [what, a, b] = id.split('\u0000');
      if (what === 'card') routes.set(a, routes.get(a) ?? new Set());
      else if (what === 'row') routes.set(a, (routes.get(a) ?? new Set()).add(b));
      else items.add(a);
    }
    return { routes, items };
  }, [marks]);

  return { ...derived, announcement, hiddenCount };
}

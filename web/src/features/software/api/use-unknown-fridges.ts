import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { getLocation, locationKey } from '@/lib/locations/get-location';

/** Typed ids settle this long before they are checked with the server (no call per keystroke). */
export const CHECK_DELAY_MS = 400;

export interface FridgeIdCheck {
  /** Ids the server says are not in the Locations table: they block DEPLOY. */
  unknown: string[];
  /** Ids being checked with the server. */
  checking: string[];
  /** Ids the server could not be asked about (refused, offline): they block DEPLOY too. */
  unchecked: string[];
  /** Asks the server again about the unchecked ids. */
  retry: () => void;
}

function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The typed fridge ids that are not locations. The cached list answers first;
 * an id it lacks (a fridge created since the last refresh) is asked about with
 * getLocation, one call per id, before it is called unknown (issue 22).
 */
export function useUnknownFridges(typed: string[], knownIds: Set<string>): FridgeIdCheck {
  const missing = typed.filter((id) => !knownIds.has(id));
  const settled = useSettled(missing.join('\n'), CHECK_DELAY_MS);
  const asked = settled ? settled.split('\n') : [];
  const answers = useQueries({
    queries: asked.map((id) => ({
      queryKey: locationKey(id),
      queryFn: () => getLocation(id),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const byId = new Map(asked.map((id, i) => [id, answers[i]]));
  const unknown: string[] = [];
  const checking: string[] = [];
  const unchecked: string[] = [];
  for (const id of missing) {
    const answer = byId.get(id);
    if (!answer || answer.isPending) checking.push(id);
    else if (answer.isError) unchecked.push(id);
    else if (answer.data === null) unknown.push(id);
  }
  return {
    unknown,
    checking,
    unchecked,
    retry: () => {
      for (const [id, answer] of byId) if (answer?.isError && unchecked.includes(id)) void answer.refetch();
    },
  };
}

import { useCallback, useState } from 'react';
import { readPref, writePref } from '@/lib/browser-storage';
import { useCurrentUser } from './useCurrentUser';

/**
 * A preference the spec keeps in the browser (such as the dashboard filters),
 * kept for the signed-in user only: another user of the same browser starts
 * from `fallback`, and sign-out keeps it for the user's return.
 */
export function usePref<T>(name: string, fallback: T): [T, (value: T) => void] {
  const { user } = useCurrentUser();
  const sub = user?.sub ?? '';
  const [state, setState] = useState<{ sub: string; value: T }>(() => ({ sub, value: readPref(sub, name, fallback) }));
  // The user is known a moment after the first render: read their value then.
  const current = state.sub === sub ? state.value : readPref(sub, name, fallback);
  if (state.sub !== sub) setState({ sub, value: current });
  const set = useCallback(
    (value: T) => {
      setState({ sub, value });
      writePref(sub, name, value);
    },
    [sub, name],
  );
  return [current, set];
}

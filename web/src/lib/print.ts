import { useEffect } from 'react';
import { flushSync } from 'react-dom';

/**
 * Runs `renderAll` before the browser prints, synchronously, so a part the page renders lazily (a long list filled
 * in frame by frame, a table rendered when near the viewport) is on paper too. `renderAll` must be stable (a state
 * setter call in `useCallback`): the listener is added once per function.
 */
export function useBeforePrint(renderAll: () => void): void {
  useEffect(() => {
    const all = () => flushSync(renderAll);
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, [renderAll]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

type Filters<T> = { [K in keyof T]: string };

function fromAddress<T extends Filters<T>>(params: URLSearchParams, defaults: T): T {
  const read = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = params.get(String(key));
    if (value !== null) read[key] = value as T[keyof T];
  }
  return read;
}

function toAddress<T extends Filters<T>>(params: URLSearchParams, values: T, defaults: T): string {
  const next = new URLSearchParams(params);
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    if (values[key] === defaults[key]) next.delete(key);
    else next.set(key, values[key]);
  }
  return next.toString();
}

/**
 * A screen's filters kept in its address (`?driver=chi-01&status=LIVE`), so Back from a row's screen, a
 * reload or a shared link opens the list as it was left. Each value is text; one equal to its default is left
 * out of the address, and parameters the screen does not own are kept. `defaults` is a constant of the screen
 * (a module-level object).
 *
 * The values live in the component's state, and the address follows them: the router applies a navigation
 * later (in a transition), so a filter box bound to the address itself would lag its typing, and a second
 * change made before the first landed would be built on the old address and undo it. A change replaces the
 * current history entry rather than adding one, so typing does not fill the Back button. An address changed
 * from outside (a link to the screen with other filters) is followed. One per screen: two on a page would each
 * write the address from their own reading of it.
 */
export function useSearchState<T extends Filters<T>>(defaults: T): [T, (key: keyof T & string, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const [values, setValues] = useState(() => fromAddress(params, defaults));
  // Addresses this hook asked for that the router has not applied yet, oldest first.
  const pending = useRef<string[]>([]);
  const address = params.toString();

  useEffect(() => {
    const mine = pending.current.indexOf(address);
    if (mine >= 0) {
      pending.current.splice(0, mine + 1);
    } else if (toAddress(params, values, defaults) !== address) {
      // Changed from outside: the address wins.
      pending.current = [];
      setValues(fromAddress(params, defaults));
    }
    // Only a new address is news here; the values' own changes are written by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address]);

  useEffect(() => {
    const wanted = toAddress(params, values, defaults);
    const last = pending.current.at(-1) ?? address;
    if (wanted === last) return;
    pending.current.push(wanted);
    setParams(new URLSearchParams(wanted), { replace: true, preventScrollReset: true });
    // Written when the values change; a new address alone is handled above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);

  const set = useCallback((key: keyof T & string, value: string) => {
    setValues((current) => (current[key] === value ? current : { ...current, [key]: value }));
  }, []);
  return [values, set];
}

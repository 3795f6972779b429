import { isForbidden, PROHIBITED_MESSAGE } from './api';

export { PROHIBITED_MESSAGE };

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Tells the user that the server refused an action for want of permission:
 * the kit's dialog (ProhibitedDialog) shows 'Error! User Action Prohibited!'.
 * Every mutation's permission failure comes here (the query client's mutation
 * cache); code that calls the API outside a mutation calls it itself.
 */
export function reportProhibited(): void {
  for (const listener of listeners) listener();
}

/** Reports `err` if it is a permission failure; true when it was one, so a form shows no text of its own. */
export function reportIfProhibited(err: unknown): boolean {
  if (!isForbidden(err)) return false;
  reportProhibited();
  return true;
}

/**
 * The `meta` of a mutation whose screen shows every failure in its own words, a refusal for want of
 * permission included (a button-run read, a dialog that shows the server's refusal): the mutation
 * cache then opens no dialog for it.
 */
export const SHOWS_OWN_ERRORS = { showsOwnErrors: true } as const;

export function onProhibited(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

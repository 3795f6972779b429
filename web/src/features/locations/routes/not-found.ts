/**
 * How the detail, when its id is unknown, tells the list why the user arrived
 * there (spec §2.5 redirects to /Locations/all): router state, not the URL, so
 * a reload or a shared link of the list stays a plain list.
 */
export interface NotFoundState {
  notFoundId: string;
}

export const notFoundState = (id: string): NotFoundState => ({ notFoundId: id });

/** The unknown id carried by the router state, or null. */
export function notFoundIdOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notFoundId' in state)) return null;
  const id = state.notFoundId;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The notice on arrival (issue 22's words). */
export const notFoundMessage = (id: string) => `Location ${id} was not found`;

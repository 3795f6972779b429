/** Test help: a window of a given width for useMediaQuery (jsdom has no matchMedia). */

/**
 * Gives the window `width` px: matchMedia answers max-width queries, and `resize` tells the lists that listen.
 * `restoreWidth` takes it away again (jsdom's wide layout).
 */
export function fakeWidth(width: number) {
  // Each listener with the change it is told of (its list's, as a MediaQueryListEvent: Amplify reads `matches`).
  const listeners = new Map<
    (e: { matches: boolean; media: string }) => void,
    () => { matches: boolean; media: string }
  >();
  let current = width;
  window.matchMedia = ((query: string) => {
    const max = Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? Infinity);
    const list = {
      get matches() {
        return current <= max;
      },
      media: query,
      onchange: null,
      addEventListener: (_: string, l: (e: { matches: boolean; media: string }) => void) =>
        listeners.set(l, () => ({ matches: list.matches, media: query })),
      removeEventListener: (_: string, l: (e: { matches: boolean; media: string }) => void) => listeners.delete(l),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
    return list;
  }) as unknown as typeof window.matchMedia;
  return {
    resize(to: number) {
      current = to;
      listeners.forEach((event, l) => l(event()));
    },
    listeners,
  };
}

export function restoreWidth() {
  // @ts-expect-error jsdom has none: back to the wide layout.
  delete window.matchMedia;
}

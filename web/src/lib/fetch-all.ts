/** One page of a paged answer: its items and the token of the next page (none on the last). */
export interface FetchedPage<T> {
  items: T[];
  nextToken?: string | null;
}

/**
 * A server that hands back a token it already gave would page forever: the read fails instead of
 * looping or quietly ending short.
 */
export class RepeatedPageTokenError extends Error {
  constructor(
    readonly token: string,
    readonly pagesRead: number,
  ) {
    super(`Paging stopped: page ${pagesRead + 1} was asked for with a token already used`);
    this.name = 'RepeatedPageTokenError';
  }
}

/**
 * Every page, in order, for screens that need the whole set (the locations cache, the pars
 * look-ahead, the range reports). No cap: it reads until the server gives no token, and a repeated
 * token is an error (RepeatedPageTokenError), so nothing is dropped without a word. `onProgress` gets
 * the items so far (a new array) after each page that has another after it, so a screen can show the
 * first pages while the rest load.
 */
export async function fetchAllPages<T>(
  fetchPage: (nextToken: string | null) => Promise<FetchedPage<T>>,
  onProgress?: (soFar: T[]) => void,
): Promise<T[]> {
  let items: T[] = [];
  const used = new Set<string>();
  let token: string | null = null;
  for (;;) {
    const page: FetchedPage<T> = await fetchPage(token);
    items = items.concat(page.items);
    const next = page.nextToken ?? null;
    if (!next) return items;
    if (used.has(next)) throw new RepeatedPageTokenError(next, used.size + 1);
    used.add(next);
    token = next;
    onProgress?.(items);
  }
}

/**
 * The paging options of a screen that reads a page at a time ("Load more", TanStack
 * `useInfiniteQuery`): the first page has no token, each next one the token of the page before.
 */
export const BY_NEXT_TOKEN = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: { nextToken?: string | null }) => last.nextToken ?? undefined,
};

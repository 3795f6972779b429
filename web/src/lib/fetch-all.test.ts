import { describe, expect, it, vi } from 'vitest';
import { BY_NEXT_TOKEN, fetchAllPages, RepeatedPageTokenError, type FetchedPage } from './fetch-all';

/** A paged source: page i answers with `pages[i]` and the token of page i + 1 (none after the last). */
function pagedSource(pages: number[][], tokens: (string | null | undefined)[] = pages.map((_, i) => `t${i + 1}`)) {
  return vi.fn(async (token: string | null): Promise<FetchedPage<number>> => {
    const index = token === null ? 0 : tokens.indexOf(token) + 1;
    return { items: pages[index], nextToken: index + 1 < pages.length ? tokens[index] : null };
  });
}

describe('fetchAllPages', () => {
  it('reads one page when the server gives no token', async () => {
    const fetchPage = pagedSource([[1, 2]]);
    expect(await fetchAllPages(fetchPage)).toEqual([1, 2]);
    expect(fetchPage.mock.calls).toEqual([[null]]);
  });

  it('reads every page in order, passing each token on, with no cap', async () => {
    const pages = Array.from({ length: 60 }, (_, i) => [i * 2, i * 2 + 1]);
    const fetchPage = pagedSource(pages);
    const all = await fetchAllPages(fetchPage);
    expect(all).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(fetchPage).toHaveBeenCalledTimes(60);
    expect(fetchPage.mock.calls.slice(0, 3)).toEqual([[null], ['t1'], ['t2']]);
  });

  it('keeps empty pages in the middle going (a filtered page may hold nothing)', async () => {
    expect(await fetchAllPages(pagedSource([[1], [], [2]]))).toEqual([1, 2]);
  });

  it('ends on an absent, null or empty token', async () => {
    for (const last of [undefined, null, '']) {
      const fetchPage = vi.fn(async (token: string | null): Promise<FetchedPage<number>> =>
        token === null ? { items: [1], nextToken: 'a' } : { items: [2], nextToken: last },
      );
      expect(await fetchAllPages(fetchPage)).toEqual([1, 2]);
      expect(fetchPage).toHaveBeenCalledTimes(2);
    }
  });

  it('reports progress after each page but the last, each time a new array', async () => {
    const seen: number[][] = [];
    const all = await fetchAllPages(pagedSource([[1], [2], [3]]), (soFar) => seen.push(soFar));
    expect(seen).toEqual([[1], [1, 2]]);
    expect(seen[0]).not.toBe(seen[1]);
    expect(all).toEqual([1, 2, 3]);
  });

  it('fails on a token it was already given instead of looping or ending short', async () => {
    const fetchPage = vi.fn(async (token: string | null): Promise<FetchedPage<number>> =>
      token === null
        ? { items: [1], nextToken: 'a' }
        : token === 'a'
          ? { items: [2], nextToken: 'b' }
          : { items: [3], nextToken: 'a' },
    );
    const failure = fetchAllPages(fetchPage);
    await expect(failure).rejects.toBeInstanceOf(RepeatedPageTokenError);
    await expect(failure).rejects.toMatchObject({ token: 'a', pagesRead: 3 });
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('fails on a page that hands back its own token', async () => {
    const fetchPage = vi.fn(async (): Promise<FetchedPage<number>> => ({ items: [1], nextToken: 'same' }));
    await expect(fetchAllPages(fetchPage)).rejects.toBeInstanceOf(RepeatedPageTokenError);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('passes a failed page on and reads no further', async () => {
    const fetchPage = vi.fn(async (token: string | null): Promise<FetchedPage<number>> => {
      if (token === null) return { items: [1], nextToken: 'a' };
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchAllPages(fetchPage)).rejects.toThrow('Failed to fetch');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});

describe('BY_NEXT_TOKEN', () => {
  it('starts without a token and asks for the next page only while the server gives one', () => {
    expect(BY_NEXT_TOKEN.initialPageParam).toBeNull();
    expect(BY_NEXT_TOKEN.getNextPageParam({ nextToken: 'b' })).toBe('b');
    for (const last of [{ nextToken: null }, {}]) expect(BY_NEXT_TOKEN.getNextPageParam(last)).toBeUndefined();
  });
});

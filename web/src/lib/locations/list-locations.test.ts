import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { newTestQueryClient } from '@/test/utils';
import { FIRST_PAGE_SIZE, firstLocationsPageQuery, listAllLocations } from './list-locations';
import { preloadLocationsList } from './use-locations-list';
import { CACHE_KEY } from './locations-cache';
import { LOCATIONS_PAGE_SIZE } from './constants';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));

const page = (ids: string[], nextToken: string | null) => ({
  locations: { items: ids.map((id) => ({ id, type: 'F', prettyName: id, route: null, stop: null })), nextToken },
});
const counts = () =>
  vi.mocked(graphql).mock.calls.map(([, vars]) => (vars as { filter: { count: number } }).filter.count);

beforeEach(() => {
  vi.mocked(graphql)
    .mockReset()
    .mockResolvedValueOnce(page(['A'], 't1') as never)
    .mockResolvedValueOnce(page(['B', 'C'], null) as never);
});

describe('listAllLocations (issue 63)', () => {
  it('asks a screen that shows pages as they arrive for a short first page, then full ones', async () => {
    const shown: string[][] = [];
    const all = await listAllLocations({ count: LOCATIONS_PAGE_SIZE }, (soFar) => shown.push(soFar.map((l) => l.id)));
    expect(all.map((l) => l.id)).toEqual(['A', 'B', 'C']);
    expect(shown).toEqual([['A']]);
    expect(counts()).toEqual([FIRST_PAGE_SIZE, LOCATIONS_PAGE_SIZE]);
  });

  it('reads full pages for a caller that waits for them all, and never more than asked for', async () => {
    await listAllLocations({ count: LOCATIONS_PAGE_SIZE });
    expect(counts()).toEqual([LOCATIONS_PAGE_SIZE, LOCATIONS_PAGE_SIZE]);
    vi.mocked(graphql)
      .mockReset()
      .mockResolvedValueOnce(page(['A'], null) as never);
    await listAllLocations({ count: 10 }, () => undefined);
    expect(counts()).toEqual([10]);
  });

  it("starts from the route's preloaded first page: the first page is asked for once, beside the access check", async () => {
    localStorage.removeItem(CACHE_KEY);
    const client = newTestQueryClient();
    preloadLocationsList(client);
    await vi.waitFor(() => expect(client.getQueryData(firstLocationsPageQuery.queryKey)?.items).toHaveLength(1));
    const all = await listAllLocations(
      { count: LOCATIONS_PAGE_SIZE },
      () => undefined,
      () => client.fetchQuery(firstLocationsPageQuery),
    );
    expect(all.map((l) => l.id)).toEqual(['A', 'B', 'C']);
    expect(counts()).toEqual([FIRST_PAGE_SIZE, LOCATIONS_PAGE_SIZE]);
  });

  it('does not preload a page a kept copy makes unneeded', () => {
    const fresh = { locations: [{ id: 'A', type: 'F', prettyName: 'A', route: null, stop: null }], drivers: [] };
    localStorage.setItem(CACHE_KEY, JSON.stringify({ ...fresh, allLoaded: true, timestamp: Date.now() }));
    preloadLocationsList(newTestQueryClient());
    expect(graphql).not.toHaveBeenCalled();
    localStorage.removeItem(CACHE_KEY);
  });
});

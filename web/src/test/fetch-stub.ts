import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The global fetch, stood in for in each test of the calling suite (a snapshot's presigned GET): reset before each
 * test and the real one put back after it. Call at the top of a `describe`.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}

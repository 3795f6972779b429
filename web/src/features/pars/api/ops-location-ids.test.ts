import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { stubFetch } from '@/test/fetch-stub';
import { OPS_SNAPSHOT_MAX_AGE_MS, opsLocationIds } from './ops-location-ids';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));

const URL = 'https://snapshots.example/ops-locations.json?X-Amz-Signature=abc';
const AS_OF = '2026-11-25T10:00:00.000Z';
const NOW = Date.parse(AS_OF) + 40_000;
const snapshotLocations = [
  { id: 'CHI_0001', type: 'FRIDGE' },
  { id: 'CHI_0002', type: 'WHOLESALE' },
];
const asked = (query: unknown) => (String(query).includes('opsLocationsSnapshot') ? 'snapshot' : 'page');

/** The server: the snapshot's place and age, and two pages of the table. */
function server(snapshot: { url: string | null; asOf: string | null }) {
  vi.mocked(graphql).mockImplementation(async (q, variables) => {
    if (asked(q) === 'snapshot') return { opsLocationsSnapshot: snapshot } as never;
    const token = (variables as { nextToken?: string | null }).nextToken;
    return (
      token
        ? { opsLocations: { locations: [{ id: 'B', type: 'FRIDGE' }], nextToken: null } }
        : { opsLocations: { locations: [{ id: 'A', type: 'FRIDGE' }], nextToken: 't1' } }
    ) as never;
  });
}

describe('opsLocationIds', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    vi.mocked(graphql).mockReset(); // a braced body: a returned function would run as the test's cleanup
  });

  it('reads a fresh snapshot in one GET and reads no page of the table', async () => {
    server({ url: URL, asOf: AS_OF });
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ asOf: AS_OF, locations: snapshotLocations })));
    expect(await opsLocationIds(NOW)).toEqual(snapshotLocations);
    expect(fetchMock).toHaveBeenCalledWith(URL, { cache: 'no-store' });
    expect(vi.mocked(graphql).mock.calls.map(([q]) => asked(q))).toEqual(['snapshot']);
  });

  it('pages the table while there is no snapshot yet', async () => {
    server({ url: null, asOf: null });
    expect(await opsLocationIds(NOW)).toEqual([
      { id: 'A', type: 'FRIDGE' },
      { id: 'B', type: 'FRIDGE' },
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(vi.mocked(graphql).mock.calls.map(([q]) => asked(q))).toEqual(['snapshot', 'page', 'page']);
  });

  it('pages the table when the snapshot is too old to trust (its schedule stopped)', async () => {
    server({ url: URL, asOf: AS_OF });
    const late = Date.parse(AS_OF) + OPS_SNAPSHOT_MAX_AGE_MS;
    expect((await opsLocationIds(late)).map((l) => l.id)).toEqual(['A', 'B']);
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ asOf: AS_OF, locations: snapshotLocations })));
    expect(await opsLocationIds(late - 1)).toEqual(snapshotLocations); // a millisecond younger: the snapshot
  });

  it('fails plainly when the snapshot cannot be read', async () => {
    server({ url: URL, asOf: AS_OF });
    fetchMock.mockResolvedValue(new Response('AccessDenied', { status: 403 }));
    await expect(opsLocationIds(NOW)).rejects.toThrow('The ops locations snapshot could not be read (403).');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { stubFetch } from '@/test/fetch-stub';
import { getFridgeArtifacts } from './get-fridge-artifacts';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));

const artifacts = [
  { artifactType: 'FRIDGE_AGENT', versions: [{ versionName: '1.2', fridgesDeployedTo: ['CHI_1', 'CHI_2'] }] },
];
const URL = 'https://snapshots.example/fridge-software.json?X-Amz-Signature=abc';
const asked = (query: unknown) => (String(query).includes('fridgeSoftwareSnapshot') ? 'snapshot' : 'table');

describe('getFridgeArtifacts', () => {
  const fetchMock = stubFetch();
  beforeEach(() => {
    vi.mocked(graphql).mockReset(); // a braced body: a returned function would run as the test's cleanup
  });

  it('reads the snapshot when there is one, and never scans the table', async () => {
    vi.mocked(graphql).mockImplementation(async (q) =>
      asked(q) === 'snapshot' ? ({ fridgeSoftwareSnapshot: { url: URL } } as never) : ({} as never),
    );
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ asOf: '2026-11-25T10:00:00.000Z', artifacts })));
    expect(await getFridgeArtifacts()).toEqual(artifacts);
    expect(fetchMock).toHaveBeenCalledWith(URL, { cache: 'no-store' });
    expect(vi.mocked(graphql).mock.calls.map(([q]) => asked(q))).toEqual(['snapshot']);
  });

  it('asks the table while no snapshot exists yet', async () => {
    vi.mocked(graphql).mockImplementation(async (q) =>
      asked(q) === 'snapshot'
        ? ({ fridgeSoftwareSnapshot: { url: null } } as never)
        : ({ getFridgeArtifacts: artifacts } as never),
    );
    expect(await getFridgeArtifacts()).toEqual(artifacts);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails plainly when the snapshot cannot be read', async () => {
    vi.mocked(graphql).mockResolvedValue({ fridgeSoftwareSnapshot: { url: URL } } as never);
    fetchMock.mockResolvedValue(new Response('AccessDenied', { status: 403 }));
    await expect(getFridgeArtifacts()).rejects.toThrow('The fridge software snapshot could not be read (403).');
  });
});

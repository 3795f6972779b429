import { describe, expect, it } from 'vitest';
import { appliedText, followUpload } from './follow-upload';
import type { UploadStatus } from '../api/upload-forecast';

const at = (state: UploadStatus['state'], extra: Partial<UploadStatus> = {}): UploadStatus => ({
  uploadId: 'u',
  fileName: 'forecast.csv',
  updatedAt: '2045-01-02T10:00:00Z',
  state,
  errors: [],
  written: 0,
  unchanged: 0,
  ...extra,
});

describe('followUpload', () => {
  it('reports each state and stops once the upload is applied', async () => {
    const answers = [at('waiting'), at('received'), at('applied', { written: 3 })];
    const seen: string[] = [];
    const done = await followUpload(
      async () => answers.shift()!,
      (s) => seen.push(s.state),
      async () => {},
    );
    expect(seen).toEqual(['waiting', 'received', 'applied']);
    expect(done?.written).toBe(3);
  });

  it('gives up without claiming success when the ingest never answers', async () => {
    const done = await followUpload(
      async () => at('received'),
      () => {},
      async () => {},
      3000,
    );
    expect(done).toBeNull();
  });

  it('says when a file changed nothing', () => {
    expect(appliedText(at('applied', { unchanged: 4 }))).toBe(
      'Nothing changed: all 4 rows of this file are already stored.',
    );
    expect(appliedText(at('applied', { written: 2, unchanged: 1 }))).toBe(
      'Forecast uploaded: 2 rows stored, 1 already up to date.',
    );
  });
});

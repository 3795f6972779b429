import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { DryRun, UploadBody } from '@/lib/upload-pipeline';
import { newTestQueryClient } from '@/test/utils';
import { useUploadCheck, type UploadCheckOptions } from './useUploadCheck';

const csv = (text: string, name = 'stops.csv') => new File([text], name, { type: 'text/csv' });

function answer(b: UploadBody): DryRun {
  return {
    uploadId: b.uploadId,
    summaryText: '1 new, 1 invalid',
    summary: { total: 2, new: 1, change: 0, unchanged: 0, invalid: 1 },
    rows: [
      { row: 2, key: 'r1', status: 'new', messages: [], diff: [] },
      { row: 3, key: 'r2', status: 'invalid', messages: ['Stop must be an integer'], diff: [] },
    ],
  };
}

function setup(options: Partial<UploadCheckOptions> = {}) {
  const dryRun = vi.fn(async (b: UploadBody) => answer(b));
  const client = newTestQueryClient();
  const hook = renderHook(
    () => useUploadCheck({ dryRun, dryRunProblem: () => 'The file could not be checked', ...options }),
    {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    },
  );
  const choose = (file: File | null) => act(() => hook.result.current.choose(file));
  return { dryRun, hook, choose };
}

describe('useUploadCheck', () => {
  it('reads the file, asks the dry run about every row and sorts them', async () => {
    const onChecked = vi.fn();
    const { dryRun, hook, choose } = setup({ onChecked });
    await choose(csv('route,stop\nr1,1\nr2,x\n'));
    const { upload, ready, invalid } = hook.result.current;
    expect(dryRun.mock.calls[0][0]).toMatchObject({
      fileName: 'stops.csv',
      uploadId: upload.uploadId,
      rows: [{ row: 2 }, { row: 3 }],
    });
    expect(upload).toMatchObject({ fileName: 'stops.csv', summary: '1 new, 1 invalid', checked: true });
    expect(upload.file?.name).toBe('stops.csv');
    expect(ready.map((r) => r.row)).toEqual([2]);
    expect(invalid.map((r) => r.row)).toEqual([3]);
    expect(onChecked).toHaveBeenCalledWith(answer(dryRun.mock.calls[0][0]));
  });

  it("makes every row of a touched group ready and keeps the dry run's group counts", async () => {
    const dryRun = vi.fn(async (b: UploadBody): Promise<DryRun> => ({
      uploadId: b.uploadId,
      summaryText: '1 will change, 3 unchanged',
      summary: { total: 3, new: 0, change: 1, unchanged: 2, invalid: 0 },
      groups: { 'd#r1': 2, 'd#r2': 1 },
      rows: [
        { row: 2, key: 'A', group: 'd#r1', status: 'unchanged', messages: [], diff: [] },
        { row: 3, key: 'B', group: 'd#r1', status: 'change', messages: [], diff: [] },
        { row: 4, key: 'C', group: 'd#r2', status: 'unchanged', messages: [], diff: [] },
      ],
    }));
    const { hook, choose } = setup({ dryRun });
    await choose(csv('id,route\nA,r1\nB,r1\nC,r2\n'));
    expect(hook.result.current.ready.map((r) => r.row)).toEqual([2, 3]);
    expect(hook.result.current.upload.groups).toEqual({ 'd#r1': 2, 'd#r2': 1 });
  });

  it('says when the file has no rows or cannot be read', async () => {
    const { dryRun, hook, choose } = setup();
    await choose(csv('route,stop\n'));
    expect(hook.result.current.fileErrors).toEqual(['The file has no rows.']);
    const unreadable = setup({ read: () => Promise.reject(new Error('broken')) });
    await unreadable.choose(csv('route\nr1\n'));
    expect(unreadable.hook.result.current.fileErrors).toEqual([
      'The file could not be read. Choose a CSV or .xlsx file.',
    ]);
    expect(dryRun).not.toHaveBeenCalled();
  });

  it('reads with the caller’s reader and shows unchecked rows without asking the server', async () => {
    const read = vi.fn(async () => ({
      rows: [{ row: 2, values: { route: 'r1' } }],
      errors: ['Line 1: Missing column stop'],
      unchecked: true,
    }));
    const { dryRun, hook, choose } = setup({ read });
    const file = csv('route\nr1\n');
    await choose(file);
    expect(read).toHaveBeenCalledWith(file);
    expect(hook.result.current.fileErrors).toEqual(['Line 1: Missing column stop']);
    expect(hook.result.current.upload.rows).toEqual([{ row: 2, values: { route: 'r1' } }]);
    expect(hook.result.current.upload.checked).toBe(false);
    expect(dryRun).not.toHaveBeenCalled();
  });

  it('lists a failed dry run as a file problem unless the caller tells it its own way', async () => {
    const listed = setup({ dryRunProblem: (err) => `Not checked: ${(err as Error).message}` });
    listed.dryRun.mockRejectedValue(new Error('down'));
    await listed.choose(csv('route,stop\nr1,1\n'));
    expect(listed.hook.result.current.fileErrors).toEqual(['Not checked: down']);

    const told = vi.fn(() => undefined);
    const own = setup({ dryRunProblem: told });
    own.dryRun.mockRejectedValue(new Error('down'));
    await own.choose(csv('route,stop\nr1,1\n'));
    expect(told).toHaveBeenCalledTimes(1);
    expect(own.hook.result.current.fileErrors).toEqual([]);
    expect(own.hook.result.current.upload.rows).toHaveLength(1);
    expect(own.hook.result.current.checking).toBe(false);
  });

  it("refuses a file over the server's bounds as a file problem, sending nothing (issue 20)", async () => {
    const read = vi.fn(async (f: File) => ({
      rows: Array.from({ length: f.name === 'many.csv' ? 10_001 : 10_000 }, (_, i) => ({
        row: i + 2,
        values: { route: `r${i}` },
      })),
      errors: [],
    }));
    const { dryRun, hook, choose } = setup({ read });

    // Over 5 MB: refused before it is read.
    const big = csv('route\nr1\n', 'big.csv');
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await choose(big);
    expect(hook.result.current.fileErrors).toEqual(['The file is 5.1 MB; at most 5 MB are read. Split it.']);
    expect(read).not.toHaveBeenCalled();

    // 10,001 rows, even from a screen's own reader.
    await choose(csv('route\nr1\n', 'many.csv'));
    expect(hook.result.current.fileErrors).toEqual([
      'The file has 10,001 rows; at most 10,000 are checked at once. Split it.',
    ]);
    expect(hook.result.current.upload.rows).toEqual([]);
    expect(dryRun).not.toHaveBeenCalled();

    // At the bound the dry run is asked.
    await choose(csv('route\nr1\n', 'full.csv'));
    expect(hook.result.current.fileErrors).toEqual([]);
    expect(dryRun).toHaveBeenCalledTimes(1);
    expect(dryRun.mock.calls[0][0].rows).toHaveLength(10_000);
  });

  it('forgets the last file when the choice is cleared', async () => {
    const { hook, choose } = setup();
    await choose(csv('route,stop\nr1,1\n'));
    await choose(null);
    expect(hook.result.current.upload.rows).toEqual([]);
    expect(hook.result.current.upload.checked).toBe(false);
  });
});

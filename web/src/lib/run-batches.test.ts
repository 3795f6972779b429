import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { runBatches } from './run-batches';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ row: `r${i + 1}`, input: i + 1 }));
const options = { failure: 'Not sent', logLabel: 'update failed' };

afterEach(() => vi.restoreAllMocks());

describe('runBatches', () => {
  it('sends calls of the size, a few at a time, and fails only the rows refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let running = 0;
    let most = 0;
    const sizes: number[] = [];
    const out = await runBatches(items(10), {
      ...options,
      size: 1,
      concurrency: 4,
      send: async (inputs) => {
        sizes.push(inputs.length);
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 1));
        running -= 1;
        return inputs.map((i) => (i === 3 ? 'Already recorded' : null));
      },
    });
    expect(sizes).toEqual(Array(10).fill(1));
    expect(most).toBe(4);
    expect(out.done).toHaveLength(9);
    expect(out.failed).toEqual([{ row: 'r3', message: 'Already recorded' }]);
  });

  it('fails every row of a failed call with the server message, or the fallback without one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let call = 0;
    const out = await runBatches(items(5), {
      ...options,
      size: 2,
      concurrency: 1,
      send: async (inputs) => {
        call += 1;
        if (call === 1) throw new ApiError('Refused', { status: 400 });
        if (call === 2) throw new TypeError('Failed to fetch');
        return inputs.map(() => null);
      },
    });
    expect(out.failed).toEqual([
      { row: 'r1', message: 'Refused' },
      { row: 'r2', message: 'Refused' },
      { row: 'r3', message: 'Not sent' },
      { row: 'r4', message: 'Not sent' },
    ]);
    expect(out.done).toEqual(['r5']);
  });
});

import { describe, expect, it } from 'vitest';
import { deleteEach, failureReport } from './delete-changes';
import type { ScheduledChange } from './types';

const change = (uuid: string, attribute: string): ScheduledChange => ({
  uuid,
  actionTime: '2099-01-01T16:00:00.000Z',
  id: 'CHI_0001',
  localActionTime: '2099-01-01 10:00',
  timeZoneLabel: 'CT',
  status: 'PENDING',
  change: { id: 'CHI_0001', table: 'locations', attribute, rawValue: '1', value: 1 },
});

describe('deleteEach (issue 20: no error swallowed)', () => {
  it('tries every change and returns each failure with its reason', async () => {
    const tried: string[] = [];
    const failures = await deleteEach(
      [change('a', 'prod'), change('b', 'updateReason'), change('c', 'workHours')],
      async ({ uuid }) => {
        tried.push(uuid);
        if (uuid !== 'a') throw new Error(`refused ${uuid}`);
        return true;
      },
      (err) => (err instanceof Error ? err.message : 'unknown'),
    );
    expect(tried).toEqual(['a', 'b', 'c']);
    expect(failures.map((f) => [f.change.uuid, f.message])).toEqual([
      ['b', 'refused b'],
      ['c', 'refused c'],
    ]);
  });

  it('reports a failed first change too, and nothing when all are deleted', async () => {
    const first = await deleteEach(
      [change('a', 'prod'), change('b', 'updateReason')],
      async ({ uuid }) => {
        if (uuid === 'a') throw new Error('no');
        return false; // already gone with its pair: not an error
      },
      () => 'no',
    );
    expect(first.map((f) => f.change.uuid)).toEqual(['a']);
    expect(
      await deleteEach(
        [change('a', 'prod')],
        async () => true,
        () => 'no',
      ),
    ).toEqual([]);
  });

  it('lists every failed change in the report and says how many were deleted', () => {
    const report = failureReport(
      [
        { change: change('b', 'updateReason'), message: 'Error! User Action Prohibited!' },
        { change: change('c', 'workHours'), message: 'Failed to fetch' },
      ],
      3,
      'The scheduled change was not fully deleted.',
    );
    expect(report).toEqual({
      title: '2 scheduled changes not deleted',
      text: 'The scheduled change was not fully deleted. 1 of 3 changes deleted; these were not:',
      items: [
        'updateReason at 2099-01-01 10:00 CT: Error! User Action Prohibited!',
        'workHours at 2099-01-01 10:00 CT: Failed to fetch',
      ],
    });
    expect(failureReport([{ change: change('a', 'prod'), message: 'x' }], 1, 'Nothing was completed now.').text).toBe(
      'Nothing was completed now. 0 of 1 change deleted; this one was not:',
    );
  });
});

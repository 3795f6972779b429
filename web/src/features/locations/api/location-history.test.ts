import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { locationHistory } from './location-history';
import { readScheduleChange } from './read-schedule-change';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);

beforeEach(() => graphqlMock.mockReset());

describe('locationHistory', () => {
  it('asks for one page by token and keeps the values as JSON text', async () => {
    graphqlMock.mockResolvedValueOnce({
      locationHistory: {
        items: [
          {
            at: 'T',
            who: 'w',
            source: 's',
            changes: [{ attribute: 'route', oldValue: 'null', newValue: '"r1"', reason: null }],
          },
        ],
        nextToken: 'next',
      },
    } as never);
    const page = await locationHistory('CHI_0001');
    expect(String(graphqlMock.mock.calls[0][0])).toContain('locationHistory(id: $id, nextToken: $nextToken)');
    expect(graphqlMock.mock.calls[0][1]).toEqual({ id: 'CHI_0001', nextToken: null });
    expect(page).toEqual({
      items: [
        {
          at: 'T',
          who: 'w',
          source: 's',
          changes: [{ attribute: 'route', oldValue: 'null', newValue: '"r1"', reason: null }],
        },
      ],
      nextToken: 'next',
    });

    graphqlMock.mockResolvedValueOnce({ locationHistory: { items: [], nextToken: null } } as never);
    expect(await locationHistory('CHI_0001', 'next')).toEqual({ items: [], nextToken: null });
    expect(graphqlMock.mock.calls[1][1]).toEqual({ id: 'CHI_0001', nextToken: 'next' });
  });
});

describe('readScheduleChange', () => {
  it('reads fridge time, status, failure and deadline warning', async () => {
    graphqlMock.mockResolvedValueOnce({
      readScheduleChange: [
        {
          uuid: 'u1',
          actionTime: '2026-11-26T00:00:00Z',
          id: 'CHI_0001',
          change: { id: 'CHI_0001', table: 'locations', attribute: 'prod', value: '1' },
          localActionTime: '2026-11-25 18:00',
          timeZoneLabel: 'CT',
          status: 'FAILED',
          failureReason: 'why',
          failedAt: '2026-11-26T00:00:02Z',
          deadlineWarning: 'late',
        },
        {
          uuid: 'u2',
          actionTime: 'T',
          id: 'CHI_0001',
          change: { id: 'CHI_0001', table: 'locations', attribute: 'route', value: '"r"' },
        },
      ],
    } as never);
    const [failed, pending] = await readScheduleChange('CHI_0001');
    const query = String(graphqlMock.mock.calls[0][0]);
    for (const f of ['localActionTime', 'timeZoneLabel', 'status', 'failureReason', 'failedAt', 'deadlineWarning']) {
      expect(query).toContain(f);
    }
    expect(failed).toMatchObject({
      status: 'FAILED',
      failureReason: 'why',
      deadlineWarning: 'late',
      localActionTime: '2026-11-25 18:00',
    });
    expect(failed.change).toMatchObject({ value: 1, rawValue: '1' });
    expect(pending.status).toBe('PENDING');
  });
});

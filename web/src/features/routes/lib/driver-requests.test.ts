import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { DriverRequests } from './driver-requests';

const ids = () => {
  let n = 0;
  return () => `req-${++n}`;
};

describe('DriverRequests (issue 38: a retry resends exactly the first try)', () => {
  it('keeps the first input of the same change, even after the shown version moved', () => {
    const requests = new DriverRequests(ids());
    const first = requests.inputFor('2026-11-25', 'r1', ' Ann@Example.com ', 3);
    expect(first).toEqual({
      stockingDate: '2026-11-25',
      route: 'r1',
      driverEmail: 'Ann@Example.com',
      expectedVersion: 3,
      requestId: 'req-1',
    });
    // A lost answer: the day is read again (the change landed, version 4), and Save is pressed again.
    requests.settled(first, new TypeError('Failed to fetch'));
    expect(requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 4)).toBe(first);
    // A server failure keeps it too.
    requests.settled(first, new ApiError('boom', { status: 502 }));
    expect(requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 4)).toBe(first);
  });

  it('makes another e-mail, another route or another date a new request naming the version shown', () => {
    const requests = new DriverRequests(ids());
    const first = requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 3);
    expect(requests.inputFor('2026-11-25', 'r2', 'ann@example.com', 0).requestId).toBe('req-2');
    expect(requests.inputFor('2026-11-26', 'r1', 'ann@example.com', 1).requestId).toBe('req-3');
    const other = requests.inputFor('2026-11-25', 'r1', 'bob@example.com', 5);
    expect(other).toMatchObject({ driverEmail: 'bob@example.com', expectedVersion: 5, requestId: 'req-4' });
    expect(other).not.toBe(first);
  });

  it('sends null to clear the driver', () => {
    const requests = new DriverRequests(ids());
    expect(requests.inputFor('2026-11-25', 'r1', '  ', 2)).toMatchObject({ driverEmail: null, expectedVersion: 2 });
  });

  it('ends the request on success and on a refusal: the next Save is a new change with the version shown', () => {
    const requests = new DriverRequests(ids());
    const first = requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 3);
    requests.settled(first);
    expect(requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 4)).toMatchObject({
      expectedVersion: 4,
      requestId: 'req-2',
    });
    const second = requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 4);
    // Someone else changed it meanwhile: resending the stale version would be refused forever.
    requests.settled(second, new ApiError('changed by someone else meanwhile', { errorType: 'Conflict' }));
    expect(requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 6)).toMatchObject({
      expectedVersion: 6,
      requestId: 'req-3',
    });
  });

  it('does not let the answer of an older request end a newer one', () => {
    const requests = new DriverRequests(ids());
    const first = requests.inputFor('2026-11-25', 'r1', 'ann@example.com', 3);
    const second = requests.inputFor('2026-11-25', 'r1', 'bob@example.com', 3);
    requests.settled(first);
    expect(requests.inputFor('2026-11-25', 'r1', 'bob@example.com', 3)).toBe(second);
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { CLAIMS_OFF_DONE, CLAIMS_ON_DONE, ClaimsRequests, claimsChangedText, claimsDone } from './route-claims';

describe('route claims setting', () => {
  it('says what a change did', () => {
    expect(claimsDone(true)).toBe(CLAIMS_ON_DONE);
    expect(claimsDone(false)).toBe(CLAIMS_OFF_DONE);
    expect(CLAIMS_ON_DONE).toBe('Drivers may now claim routes without a driver.');
    expect(CLAIMS_OFF_DONE).toBe('Drivers can no longer claim routes: the office assigns every route.');
  });

  it('says who changed it last and when in Central, as far as it is known', () => {
    expect(claimsChangedText({ changedBy: 'ann@example.com', changedAt: '2026-07-01T15:20:00Z' })).toBe(
      'Last changed by ann@example.com at 2026-07-01 10:20:00 CT.',
    );
    expect(claimsChangedText({ changedBy: 'ann@example.com', changedAt: null })).toBe(
      'Last changed by ann@example.com.',
    );
    expect(claimsChangedText({ changedBy: null, changedAt: '2026-01-05T15:20:00Z' })).toBe(
      'Last changed at 2026-01-05 09:20:00 CT.',
    );
    expect(claimsChangedText({ changedBy: null, changedAt: null })).toBeNull();
    expect(claimsChangedText({})).toBeNull();
  });

  it('resends the same change while it may have landed; a success or a refusal ends it', () => {
    let n = 0;
    const held = new ClaimsRequests(() => `r${++n}`);
    const off = held.inputFor(false, 3);
    expect(off).toEqual({ claimsAllowed: false, expectedVersion: 3, requestId: 'r1' });
    held.settled(off, new TypeError('Failed to fetch'));
    // The retry names the version first read, even if another was shown since.
    expect(held.inputFor(false, 4)).toBe(off);
    held.settled(off, new ApiError('Internal error', { errorType: 'InternalError' }));
    expect(held.inputFor(false, 4)).toBe(off);
    // Another change is a new request.
    const on = held.inputFor(true, 4);
    expect(on).toEqual({ claimsAllowed: true, expectedVersion: 4, requestId: 'r2' });
    held.settled(on, new ApiError('changed meanwhile', { status: 409, errorType: 'Conflict' }));
    expect(held.inputFor(true, 5)).toEqual({ claimsAllowed: true, expectedVersion: 5, requestId: 'r3' });
    held.settled(held.inputFor(true, 5));
    expect(held.inputFor(true, 6).requestId).toBe('r4');
  });
});

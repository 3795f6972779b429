import { describe, expect, it } from 'vitest';
import {
  countdownText,
  LOGINEXT,
  msUntilBlock,
  offeredCenters,
  syncBlocked,
  syncError,
  syncProblems,
  WINDOW_NOTE,
} from './sync-rules';

describe('syncBlocked', () => {
  it('blocks from 17:30 up to, not including, 17:50 Central, in summer and winter', () => {
    // CDT (UTC-5)
    expect(syncBlocked(new Date('2026-07-15T22:29:59Z'))).toBe(false);
    expect(syncBlocked(new Date('2026-07-15T22:30:00Z'))).toBe(true);
    expect(syncBlocked(new Date('2026-07-15T22:49:59Z'))).toBe(true);
    expect(syncBlocked(new Date('2026-07-15T22:50:00Z'))).toBe(false);
    // CST (UTC-6)
    expect(syncBlocked(new Date('2026-12-15T23:29:59Z'))).toBe(false);
    expect(syncBlocked(new Date('2026-12-15T23:30:00Z'))).toBe(true);
    expect(syncBlocked(new Date('2026-12-15T23:50:00Z'))).toBe(false);
  });

  it('follows the wall clock across the daylight-saving changes', () => {
    expect(syncBlocked(new Date('2026-03-07T23:30:00Z'))).toBe(true); // CST the day before
    expect(syncBlocked(new Date('2026-03-08T22:30:00Z'))).toBe(true); // CDT from that morning
    expect(syncBlocked(new Date('2026-03-08T23:30:00Z'))).toBe(false);
    expect(syncBlocked(new Date('2026-11-01T23:30:00Z'))).toBe(true); // back to CST
    expect(syncBlocked(new Date('2026-11-01T22:30:00Z'))).toBe(false);
  });
});

describe('syncProblems', () => {
  const today = '2026-11-25';
  it('asks for ordered dates from today, a short span and a center', () => {
    expect(syncProblems('2026-11-25', '2026-11-26', ['Chicago Kitchen'], today)).toEqual([]);
    expect(syncProblems('2026-11-27', '2026-11-26', ['A'], today)).toEqual([LOGINEXT.endBeforeStart]);
    expect(syncProblems('2026-11-24', '2026-11-26', ['A'], today)).toEqual([LOGINEXT.beforeToday]);
    expect(syncProblems('2026-11-25', '2026-12-09', ['A'], today)).toEqual([LOGINEXT.spanTooLong]);
    expect(syncProblems('2026-11-25', '2026-12-08', ['A'], today)).toEqual([]);
    expect(syncProblems('2026-11-25', '2026-11-25', [LOGINEXT.excludedCenter], today)).toEqual([LOGINEXT.noCenter]);
  });

  it('quotes the spec', () => {
    expect(LOGINEXT.endBeforeStart).toBe('"End Date" can not be before "Start Date". ');
    expect(LOGINEXT.blockedMessage).toBe('All LogiNext routes are being synced. Please try again after 5:50pm CT.');
    expect(syncError('boom')).toBe('LogiNext syncing error. boom');
    expect(offeredCenters(['A', 'Does Not Exist', 'B'])).toEqual(['A', 'B']);
  });
});

describe('the window ahead (issue 43)', () => {
  it('counts the milliseconds to the next 17:30 Central, and none inside the window', () => {
    expect(msUntilBlock(new Date('2026-11-25T23:20:00Z'))).toBe(10 * 60_000); // 17:20 CST
    expect(msUntilBlock(new Date('2026-07-15T22:29:59.250Z'))).toBe(750); // 17:29:59.25 CDT
    expect(msUntilBlock(new Date('2026-11-25T23:30:00Z'))).toBe(0);
    expect(msUntilBlock(new Date('2026-11-25T23:49:59Z'))).toBe(0);
    // From 17:50 the next window is tomorrow's.
    expect(msUntilBlock(new Date('2026-11-25T23:50:00Z'))).toBe(23 * 3_600_000 + 40 * 60_000);
  });

  it('says the window from the rules, and the countdown as minutes and seconds rounded up', () => {
    expect(WINDOW_NOTE).toBe('No sync can start from 5:30pm to 5:50pm CT, while all LogiNext routes are being synced.');
    expect(countdownText(10 * 60_000)).toBe('Syncs stop in 10:00.');
    expect(countdownText(65_001)).toBe('Syncs stop in 1:06.');
    expect(countdownText(900)).toBe('Syncs stop in 0:01.');
  });
});

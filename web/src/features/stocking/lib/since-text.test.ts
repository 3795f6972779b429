import { describe, expect, it } from 'vitest';
import { sinceText } from './since-text';

/** 2026-11-28 10:00 CT (CST, UTC-6). */
const NOW = Date.parse('2026-11-28T16:00:00Z');

describe('sinceText', () => {
  it('is the clock alone for an item raised today (Central), from midnight on', () => {
    expect(sinceText({ since: '2026-11-28T15:30:00Z', sinceCentral: '09:30' }, NOW)).toBe('09:30');
    // 00:05 CT today is 06:05 UTC.
    expect(sinceText({ since: '2026-11-28T06:05:00Z', sinceCentral: '00:05' }, NOW)).toBe('00:05');
  });

  it('adds the date for an item raised on an earlier day (Central), though the same day in UTC', () => {
    // 18:00 CT on Nov 27 is 00:00 UTC on Nov 28: the Central date counts.
    expect(sinceText({ since: '2026-11-28T00:00:00Z', sinceCentral: '18:00' }, NOW)).toBe('Nov 27 18:00');
    expect(sinceText({ since: '2026-11-01T14:00:00Z', sinceCentral: '09:00' }, NOW)).toBe('Nov 1 09:00');
  });

  it('reads today in Central time too: just after midnight CT, yesterday evening is dated', () => {
    const justAfterMidnight = Date.parse('2026-11-28T06:01:00Z'); // 00:01 CT
    expect(sinceText({ since: '2026-11-28T05:30:00Z', sinceCentral: '23:30' }, justAfterMidnight)).toBe('Nov 27 23:30');
    const justBefore = Date.parse('2026-11-28T05:59:00Z'); // 23:59 CT on Nov 27
    expect(sinceText({ since: '2026-11-28T05:30:00Z', sinceCentral: '23:30' }, justBefore)).toBe('23:30');
  });

  it('names the year of an item of another year, and keeps summer time right', () => {
    expect(sinceText({ since: '2026-01-01T00:00:00Z', sinceCentral: '18:00' }, NOW)).toBe('Dec 31 2025 18:00');
    // CDT (UTC-5): 23:30 UTC on Jul 1 is 18:30 CT on Jul 1.
    expect(sinceText({ since: '2026-07-01T23:30:00Z', sinceCentral: '18:30' }, NOW)).toBe('Jul 1 18:30');
  });

  it("reads the clock from the instant when the server's is missing, and keeps text that is no date", () => {
    expect(sinceText({ since: '2026-11-27T20:15:00Z', sinceCentral: '' }, NOW)).toBe('Nov 27 14:15');
    expect(sinceText({ since: 'soon', sinceCentral: '07:00' }, NOW)).toBe('07:00');
  });
});

import { describe, expect, it } from 'vitest';
import { centralEpoch, checkRange, distinct, lasted, logRows, orderProblem, REPORTS, tooWarm } from './report-rules';

describe('the range rules', () => {
  const now = new Date('2026-11-25T18:00:00Z');
  it('reads Central wall times, in winter and summer and across a daylight-saving change', () => {
    expect(centralEpoch('2026-11-25T12:00')).toBe(Date.parse('2026-11-25T18:00:00Z') / 1000);
    expect(centralEpoch('2026-07-01T12:00')).toBe(Date.parse('2026-07-01T17:00:00Z') / 1000);
    expect(centralEpoch('2026-03-08T12:00')).toBe(Date.parse('2026-03-08T17:00:00Z') / 1000);
    expect(centralEpoch('')).toBeNull();
  });

  it('names the first rule a range breaks', () => {
    expect(checkRange('', '2026-11-25T10:00', now)).toEqual({ problem: REPORTS.missing });
    expect(checkRange('2026-11-25T10:00', '2026-11-25T10:00', now)).toEqual({ problem: REPORTS.notBefore });
    expect(checkRange('2026-11-25T11:00', '2026-11-25T10:00', now)).toEqual({ problem: REPORTS.notBefore });
    expect(checkRange('2026-10-01T00:00', '2026-11-25T00:00', now)).toEqual({ problem: REPORTS.tooLong });
    expect(checkRange('2026-07-01T00:00', '2026-07-02T00:00', now)).toEqual({ problem: REPORTS.tooOld });
    expect(checkRange('2026-11-24T00:00', '2026-11-25T00:00', now)).toEqual({
      range: { start: Date.parse('2026-11-24T06:00:00Z') / 1000, end: Date.parse('2026-11-25T06:00:00Z') / 1000 },
    });
    expect(REPORTS.missing).toBe('Start time or End time cannot be null');
    expect(REPORTS.notBefore).toBe('Start time cannot be equal or greater than end time');
  });

  it('checks the order alone while the user types, equal ranges too', () => {
    expect(orderProblem({ start: '2026-11-25T10:00', end: '2026-11-25T10:00' })).toBe(REPORTS.notBefore);
    expect(orderProblem({ start: '2026-11-25T11:00', end: '2026-11-25T10:00' })).toBe(REPORTS.notBefore);
    expect(orderProblem({ start: '2026-11-25T10:00', end: '2026-11-25T10:01' })).toBeNull();
    // Incomplete, or far back: left to Fetch Data, which names every rule.
    expect(orderProblem({ start: '', end: '2026-11-25T10:00' })).toBeNull();
    expect(orderProblem({ start: '2020-01-01T00:00', end: '2026-11-25T10:00' })).toBeNull();
  });

  it('says how long an occurrence lasted', () => {
    expect([lasted(null), lasted(5), lasted(125)]).toEqual(['', '5 min', '2 h 5 min']);
  });

  it('highlights temperatures above 41 only', () => {
    expect([tooWarm(41), tooWarm(41.1), tooWarm(36)]).toEqual([false, true, false]);
  });
});

describe('logRows', () => {
  it('joins a request with its response or error, and names the user by e-mail', () => {
    const rows = logRows(
      [
        {
          requestId: 'a',
          type: 'request',
          action_time: '2026-11-25T10:00:00.000Z',
          uuid: 'u1',
          fridge: 'F1',
          operation: 'UnlockDoor',
          message: null,
        },
        {
          requestId: 'a',
          type: 'response',
          action_time: '2026-11-25T10:00:01.000Z',
          uuid: 'u1',
          fridge: 'F1',
          operation: 'UnlockDoor',
          message: null,
        },
        {
          requestId: 'b',
          type: 'request',
          action_time: '2026-11-25T11:00:00.000Z',
          uuid: 'u2',
          fridge: 'F2',
          operation: 'ConfirmCount',
          message: null,
        },
        {
          requestId: 'b',
          type: 'error',
          action_time: '2026-11-25T11:00:01.000Z',
          uuid: 'u2',
          fridge: 'F2',
          operation: 'ConfirmCount',
          message: 'count must be between 0 and 10000',
        },
      ],
      { u1: 'dana@fleet.local' },
    );
    expect(rows.map((r) => [r.requestId, r.user, r.error, r.detail])).toEqual([
      ['b', 'u2', true, 'count must be between 0 and 10000'],
      ['a', 'dana@fleet.local', false, ''],
    ]);
    expect(rows[1].responseTime).toBe('2026-11-25T10:00:01.000Z');
    expect(distinct(['b', null, 'a', 'b'])).toEqual(['a', 'b']);
  });

  it('pairs by caller and requestId: two users reusing one id are two rows', () => {
    const entry = (uuid: string, type: string, at: string) => ({
      requestId: 'same',
      type,
      action_time: `2026-11-25T10:00:0${at}.000Z`,
      uuid,
      fridge: 'F1',
      operation: 'LocationStocked',
      message: type === 'error' ? 'refused' : null,
    });
    const rows = logRows(
      [
        entry('u1', 'request', '0'),
        entry('u1', 'response', '1'),
        entry('u2', 'request', '2'),
        entry('u2', 'error', '3'),
      ],
      { u1: 'dana@fleet.local' },
    );
    expect(rows.map((r) => [r.user, r.error])).toEqual([
      ['u2', true],
      ['dana@fleet.local', false],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });
});

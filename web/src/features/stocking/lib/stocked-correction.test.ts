import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import {
  StockedCorrections,
  centralWall,
  NO_SUCH_TIME,
  RETIME_IN_FUTURE,
  correctionProblem,
  retimeBeforeScan,
  retimeOutsideDay,
  retimeProblem,
  stockedAttribute,
  stockedValue,
  stockingDayWalls,
} from './stocked-correction';

const STOP = { locationId: 'CHI_0001', stockedActionId: 'A1' };

describe('stocked corrections', () => {
  it('bounds a re-time to the stocking day, 18:00 Central the day before to 18:00 that day', () => {
    expect(stockingDayWalls('2026-07-01')).toEqual({ min: '2026-06-30T18:00', max: '2026-07-01T17:59' });
    expect(stockingDayWalls('2026-03-01')).toEqual({ min: '2026-02-28T18:00', max: '2026-03-01T17:59' });
    expect(centralWall('2026-07-01T15:20:00Z')).toBe('2026-07-01T10:20');
    expect(centralWall(null)).toBe('');
  });

  it('needs a reason of at most 100 characters, and a real Central time to re-time', () => {
    expect(correctionProblem({ change: 'VOID', reason: '  ' })).toBe('A reason is required.');
    expect(correctionProblem({ change: 'VOID', reason: 'x'.repeat(101) })).toMatch(/at most 100/);
    expect(correctionProblem({ change: 'VOID', reason: 'ok' })).toBeNull();
    expect(correctionProblem({ change: 'RETIME', wall: '', reason: 'ok' })).toMatch(/new date and time/);
    expect(correctionProblem({ change: 'RETIME', wall: '2026-03-08T02:30', reason: 'ok' })).toMatch(/new date/);
    expect(correctionProblem({ change: 'RETIME', wall: '2026-07-01T09:45', reason: 'ok' })).toBeNull();
  });

  it('checks a typed re-time as the server does: a real time, in the stocking day, not future, not before the scan', () => {
    // 2026-07-01 12:00 Central; the stop was scanned at 10:04:30 Central.
    const bounds = { day: '2026-07-01', now: Date.parse('2026-07-01T17:00:00Z'), scannedAt: '2026-07-01T15:04:30Z' };
    expect(retimeProblem('', bounds)).toBeNull();
    expect(retimeProblem('2026-07-01T10:20', bounds)).toBeNull();
    expect(retimeProblem('2026-03-08T02:30', { ...bounds, day: '2026-03-08' })).toBe(NO_SUCH_TIME);
    // The stocking day runs from 18:00 Central the day before to 17:59 that day.
    const outside =
      'The new time must be within the stocking day 2026-07-01: from 2026-06-30 18:00 to 2026-07-01 17:59 CT.';
    expect(retimeOutsideDay('2026-07-01')).toBe(outside);
    expect(retimeProblem('2026-06-30T17:59', bounds)).toBe(outside);
    expect(retimeProblem('2026-07-01T18:00', bounds)).toBe(outside);
    expect(retimeProblem('2026-06-30T18:00', { ...bounds, scannedAt: null })).toBeNull();
    // Later than now (12:00 Central).
    expect(retimeProblem('2026-07-01T12:01', bounds)).toBe(RETIME_IN_FUTURE);
    expect(retimeProblem('2026-07-01T12:00', bounds)).toBeNull();
    // Before the scan, in the server's words with the scan's HH:MM in Central; the scan's own minute is before it too.
    expect(retimeBeforeScan('10:04')).toBe('The stocked time cannot be before the scan at 10:04.');
    expect(retimeProblem('2026-07-01T09:45', bounds)).toBe('The stocked time cannot be before the scan at 10:04.');
    expect(retimeProblem('2026-07-01T10:04', bounds)).toBe('The stocked time cannot be before the scan at 10:04.');
    expect(retimeProblem('2026-07-01T10:05', bounds)).toBeNull();
    // No scan known: only the server can refuse it.
    expect(retimeProblem('2026-07-01T09:45', { ...bounds, scannedAt: null })).toBeNull();
    // Save's problem is the same (a void has no time to check).
    expect(correctionProblem({ change: 'RETIME', wall: '2026-07-01T09:45', reason: 'ok' }, bounds)).toBe(
      'The stocked time cannot be before the scan at 10:04.',
    );
    expect(correctionProblem({ change: 'RETIME', wall: '2026-07-01T12:30', reason: 'ok' }, bounds)).toBe(
      RETIME_IN_FUTURE,
    );
    expect(correctionProblem({ change: 'RETIME', wall: '', reason: 'ok' }, bounds)).toMatch(/new date and time/);
    expect(correctionProblem({ change: 'RETIME', wall: '2026-07-01T10:20', reason: 'ok' }, bounds)).toBeNull();
    expect(correctionProblem({ change: 'VOID', wall: '2026-07-01T09:45', reason: 'ok' }, bounds)).toBeNull();
  });

  it('builds the input, and resends it while the same correction may have landed', () => {
    let n = 0;
    const held = new StockedCorrections(() => `r${++n}`);
    const first = held.inputFor('2026-07-01', STOP, { change: 'RETIME', wall: '2026-07-01T09:45', reason: ' Late ' });
    expect(first).toEqual({
      stockingDay: '2026-07-01',
      locationId: 'CHI_0001',
      actionId: 'A1',
      change: 'RETIME',
      occurredAt: '2026-07-01T09:45:00-05:00',
      reason: 'Late',
      requestId: 'r1',
    });
    held.settled(first, new TypeError('Failed to fetch'));
    expect(held.inputFor('2026-07-01', STOP, { change: 'RETIME', wall: '2026-07-01T09:45', reason: 'Late' })).toBe(
      first,
    );
    // Another correction of the same record is another request.
    const other = held.inputFor('2026-07-01', STOP, { change: 'VOID', wall: '2026-07-01T09:45', reason: 'Late' });
    expect(other).toEqual({
      stockingDay: '2026-07-01',
      locationId: 'CHI_0001',
      actionId: 'A1',
      change: 'VOID',
      reason: 'Late',
      requestId: 'r2',
    });
    held.settled(other, new ApiError('no standing action', { errorType: 'Conflict' }));
    expect(held.inputFor('2026-07-01', STOP, { change: 'VOID', reason: 'Late' }).requestId).toBe('r3');
  });

  it('reads the history: instants in Central, none for a void, the stop’s stocked time by name', () => {
    expect(stockedValue('"2026-07-01T15:20:00.000Z"')).toBe('2026-07-01 10:20:00 CT');
    expect(stockedValue('null')).toBe('none');
    expect(stockedValue(null)).toBe('none');
    expect(stockedAttribute('stockedTimeUTC')).toBe('Stop stocked at');
    expect(stockedAttribute('LocationStocked A1 by d@x.com')).toBe('LocationStocked A1 by d@x.com');
  });
});

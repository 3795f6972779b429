import { describe, expect, it } from 'vitest';
import { awaitingScheduler, WATCH_AFTER_DUE_MS } from './schedule-groups';
import type { ScheduledChange } from './types';

const NOW = Date.parse('2027-03-01T12:00:00.000Z');

const change = (offsetMs: number, status: 'PENDING' | 'FAILED' = 'PENDING') =>
  ({ actionTime: new Date(NOW + offsetMs).toISOString(), status }) as ScheduledChange;

describe('awaitingScheduler', () => {
  it('watches a change completed now (due in 5 s) and one that fell due within the fallback minute run', () => {
    expect(awaitingScheduler([change(5000)], NOW)).toBe(true);
    expect(awaitingScheduler([change(-30_000)], NOW)).toBe(true);
  });

  it('leaves changes due later, failed ones and ones stuck past the watch', () => {
    expect(awaitingScheduler([change(60_000)], NOW)).toBe(false);
    expect(awaitingScheduler([change(1000, 'FAILED')], NOW)).toBe(false);
    expect(awaitingScheduler([change(-WATCH_AFTER_DUE_MS - 1)], NOW)).toBe(false);
    expect(awaitingScheduler(undefined, NOW)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_MESSAGES,
  STOP_STATUSES,
  centralClock,
  driverShown,
  partWarnings,
  routeGlance,
  statusTone,
  stopStatusLabel,
  timeSince,
} from './dashboard';

const OK = { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' } as const;

describe('partWarnings', () => {
  it('says nothing when every part was read', () => {
    expect(partWarnings({ ...OK }, '2026-11-24')).toEqual([]);
  });

  it("uses the spec's words for each failed part", () => {
    const all = partWarnings(
      { slips: 'FAILED', actions: 'FAILED', health: 'FAILED', locations: 'FAILED' } as never,
      '2026-11-24',
    );
    expect(all[0].startsWith('Failed fetching Packing Slips:')).toBe(true);
    expect(all[1].startsWith('Something went wrong with fetching the following Driver Actions: ')).toBe(true);
    expect(all[1]).toContain('LocationStocked');
    expect(all).toContain('Error fetching stocked/queried locations. Some data may be missing.');
    expect(all).toContain('Error getting fridge health data. Some data may be missing.');
    expect(all[4].startsWith('Failed fetching locations fulfillment centers:')).toBe(true);
  });

  it('names only the parts that failed', () => {
    expect(partWarnings({ ...OK, health: 'FAILED' } as never, 'd')).toEqual([DASHBOARD_MESSAGES.healthFailed]);
  });
});

describe('dashboard texts', () => {
  it('shows times in Central time as HH:mm', () => {
    expect(centralClock('2026-07-01T15:04:00Z')).toBe('10:04');
    expect(centralClock('2026-01-15T15:04:00Z')).toBe('09:04');
    expect(centralClock(null)).toBe('');
  });

  it('counts the time since the last action', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeSince(null, now)).toBe('No action yet');
    expect(timeSince('2026-11-24T11:59:30Z', now)).toBe('Last action just now');
    expect(timeSince('2026-11-24T11:48:00Z', now)).toBe('Last action 12 min ago');
    expect(timeSince('2026-11-24T09:55:00Z', now)).toBe('Last action 2 h 5 min ago');
  });

  it('colours final and failing statuses apart', () => {
    expect(statusTone('COMPLETED')).toBe('success');
    expect(statusTone('UNREACHABLE_INCOMPLETE')).toBe('error');
    expect(statusTone('INCOMPLETE')).toBe('warning');
    expect(statusTone('NOT_STARTED')).toBe('neutral');
  });
});

describe('driverShown', () => {
  it('shows the assignee, and marks an action by someone else', () => {
    expect(driverShown({ driver: 'ann@fleet', notAssignee: false, assignedDriver: 'ann@fleet' })).toBe('ann@fleet');
    expect(driverShown({ driver: 'sam@fleet', notAssignee: true, assignedDriver: 'ann@fleet' })).toBe(
      'sam@fleet (not the assignee, ann@fleet)',
    );
    expect(driverShown({ driver: null, notAssignee: false, assignedDriver: null })).toBeNull();
  });

  it('names people, with their e-mails in the text (the CSV has both)', () => {
    const named = { driver: 'Ann Lee', driverEmail: 'ann@fleet', assignedDriver: 'Ann Lee' };
    expect(driverShown({ ...named, notAssignee: false, assignedDriverEmail: 'ann@fleet' })).toBe('Ann Lee (ann@fleet)');
    expect(
      driverShown({
        driver: 'Sam Okafor',
        driverEmail: 'sam@fleet',
        notAssignee: true,
        assignedDriver: 'Ann Lee',
        assignedDriverEmail: 'ann@fleet',
      }),
    ).toBe('Sam Okafor (sam@fleet) (not the assignee, Ann Lee (ann@fleet))');
    // A user without a name is shown by e-mail, once.
    expect(driverShown({ driver: 'bo@fleet', driverEmail: 'bo@fleet', notAssignee: false, assignedDriver: null })).toBe(
      'bo@fleet',
    );
  });
});

describe('stop statuses (2-fleet §4.4)', () => {
  it('shows every status in words, the clear-outs as the spec spells them', () => {
    expect(STOP_STATUSES.map(stopStatusLabel)).toEqual([
      'Not Started',
      'Van Temperature Set',
      'In Progress',
      'Incomplete',
      'Completed',
      'Unreachable Incomplete',
      'Unreachable Complete',
      'Removal Complete',
      'Decommision Complete',
    ]);
  });

  it("gives a route's stops by status in the spec's order, and its driver", () => {
    const s = (status: string, driver: string | null = null, assignedDriver: string | null = null) => ({
      status,
      driver,
      assignedDriver,
    });
    expect(
      routeGlance([s('COMPLETED', 'a@x'), s('NOT_STARTED'), s('COMPLETED', 'b@x'), s('IN_PROGRESS', 'a@x')]),
    ).toEqual({
      counts: [
        { status: 'NOT_STARTED', count: 1 },
        { status: 'IN_PROGRESS', count: 1 },
        { status: 'COMPLETED', count: 2 },
      ],
      // No assignee: whoever acted there (a supervisor) is not the route's driver.
      drivers: [],
    });
    // The assignee, not a supervisor who acted at a stop.
    expect(routeGlance([s('COMPLETED', 'boss@x', 'd@x'), s('NOT_STARTED', 'd@x', 'd@x')]).drivers).toEqual(['d@x']);
    expect(routeGlance([s('NOT_STARTED')]).drivers).toEqual([]);
  });
});

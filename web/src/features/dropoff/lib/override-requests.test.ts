import { describe, expect, it } from 'vitest';
import type { DropOverride } from './drop-rules';
import { OverrideRequests } from './override-requests';

const override = (statusReason = 'Group Drop'): DropOverride => ({
  locationId: 'W1',
  userSubmitted: 'ops@x.com',
  dropStatus: 'Complete',
  statusReason,
  originalDropOffDate: '2031-06-11',
  packingSlipId: 'slip-W1',
});

function requests() {
  let id = 0;
  let clock = Date.parse('2031-06-12T15:00:00.000Z');
  const tick = () => (clock += 60_000);
  return {
    requests: new OverrideRequests(
      () => `req-${++id}`,
      () => new Date(clock),
    ),
    tick,
  };
}

describe('OverrideRequests', () => {
  it('resends exactly the first try, occurredAt included, until the row lands', () => {
    const { requests: r, tick } = requests();
    const first = r.inputFor('row-1', override());
    expect(first).toEqual({
      eventType: 'DropOverride',
      locationId: 'W1',
      data: JSON.stringify({
        userSubmitted: 'ops@x.com',
        dropStatus: 'Complete',
        statusReason: 'Group Drop',
        originalDropOffDate: '2031-06-11',
        packingSlipId: 'slip-W1',
      }),
      requestId: 'req-1',
      occurredAt: '2031-06-12T15:00:00.000Z',
    });
    tick();
    // The answer was lost: the retry a minute later is the same request, not a fresh occurredAt.
    expect(r.inputFor('row-1', override())).toEqual(first);
    r.forget('row-1');
    const next = r.inputFor('row-1', override());
    expect([next.requestId, next.occurredAt]).toEqual(['req-2', '2031-06-12T15:01:00.000Z']);
  });

  it('makes a new request when the row is given another override, and keeps rows apart', () => {
    const { requests: r, tick } = requests();
    const first = r.inputFor('row-1', override());
    const other = r.inputFor('row-2', { ...override(), locationId: 'W2', packingSlipId: 'slip-W2' });
    expect(other.requestId).not.toBe(first.requestId);
    tick();
    const changed = r.inputFor('row-1', override('Warehouse Pickup'));
    expect(changed.requestId).not.toBe(first.requestId);
    expect(changed.occurredAt).toBe('2031-06-12T15:01:00.000Z');
    expect(r.inputFor('row-2', { ...override(), locationId: 'W2', packingSlipId: 'slip-W2' })).toEqual(other);
  });
});

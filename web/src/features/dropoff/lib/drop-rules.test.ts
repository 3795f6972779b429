import { describe, expect, it } from 'vitest';
import type { DropOffRow } from '../api/drop-off-summary';
import {
  bulkApply,
  canSet,
  COMPLETE_REASONS,
  missingReasons,
  NOT_DELIVERING_REASONS,
  pendingOverrides,
  reasonsFor,
  statusesFor,
  successMessage,
  type Edit,
} from './drop-rules';

const row = (id: string, locationType: string, locked = false): DropOffRow => ({
  extendedId: `2031-06-11#${id}&slip-${id}#1`,
  locationId: id,
  locationType,
  routeId: 'r1',
  packingSlipId: `slip-${id}`,
  stockingIndex: 1,
  pickDate: '2031-06-10T15:00:00.000Z',
  dropStatus: locked ? 'Complete' : 'Pending',
  statusReason: locked ? 'Group Drop' : null,
  createdBy: locked ? 'ops@fleet.local' : null,
  locked,
});

describe('drop override rules', () => {
  it('offers exactly the §5 reasons of each status', () => {
    expect(COMPLETE_REASONS).toEqual(['Drivers App Tech Issue', 'Group Drop', 'Warehouse Pickup', 'Third-Party Drop']);
    expect(NOT_DELIVERING_REASONS).toEqual([
      'No CMS Pick Ticket',
      'Missing Totes',
      'Line Haul Delay',
      'Client Rejected Order',
      'Order was Cancelled but food was made',
      'Fridge Maintenance Issue',
      'FF Delivery Issue',
    ]);
    expect(reasonsFor('Pending')).toEqual([]);
  });

  it('never lets a fridge be Complete, nor a locked row change', () => {
    expect(canSet(row('F', 'FRIDGE'), 'Complete')).toBe(false);
    expect(canSet(row('F', 'FRIDGE'), 'Not Delivering')).toBe(true);
    expect(canSet(row('W', 'WHOLESALE'), 'Complete')).toBe(true);
    expect(canSet(row('U', 'UNKNOWN'), 'Complete')).toBe(true);
    expect(canSet(row('L', 'WHOLESALE', true), 'Not Delivering')).toBe(false);
    expect(statusesFor(row('F', 'FRIDGE'))).toEqual(['Pending', 'Not Delivering']);
  });

  it('bulk update sets every checked row that may take the status and names the others', () => {
    const rows = [row('W', 'WHOLESALE'), row('F', 'FRIDGE'), row('X', 'WHOLESALE')];
    const checked = new Set([rows[0].extendedId, rows[1].extendedId]);
    const out = bulkApply(rows, checked, new Map(), { status: 'Complete', reason: 'Group Drop' });
    expect(out.applied).toBe(1);
    expect(out.skipped.map((r) => r.locationId)).toEqual(['F']);
    expect([...out.edits.keys()]).toEqual([rows[0].extendedId]);
  });

  it('confirm sends the edited rows with a reason, as §3 drop override data', () => {
    const rows = [row('W', 'WHOLESALE'), row('F', 'FRIDGE'), row('L', 'WHOLESALE', true), row('N', 'WHOLESALE')];
    const edits = new Map<string, Edit>([
      [rows[0].extendedId, { status: 'Complete', reason: 'Group Drop' }],
      [rows[1].extendedId, { status: 'Not Delivering', reason: '' }],
      [rows[2].extendedId, { status: 'Not Delivering', reason: 'Missing Totes' }],
      [rows[3].extendedId, { status: 'Pending', reason: '' }],
    ]);
    expect(pendingOverrides(rows, edits, '2031-06-11', 'ops@fleet.local')).toEqual([
      {
        row: rows[0],
        override: {
          locationId: 'W',
          userSubmitted: 'ops@fleet.local',
          dropStatus: 'Complete',
          statusReason: 'Group Drop',
          originalDropOffDate: '2031-06-11',
          packingSlipId: 'slip-W',
        },
      },
    ]);
    expect(missingReasons(rows, edits).map((r) => r.locationId)).toEqual(['F']);
    expect(successMessage(2)).toBe('Successfully updated drop status for 2 element(s)');
  });
});

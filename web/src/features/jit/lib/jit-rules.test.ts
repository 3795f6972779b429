import { describe, expect, it } from 'vitest';
import type { JitRow } from '../api/jit-management';
import {
  bulkApply,
  changedRows,
  chunk,
  filterRows,
  isLocked,
  JIT_REASONS,
  JIT_REGIONS,
  JIT_STATUSES,
  jitEnabledText,
  missingReasons,
  NO_FILTERS,
  reasonsFor,
  rowKey,
  shownEdit,
  successMessage,
  updateInputs,
  withStatus,
  type JitEdit,
} from './jit-rules';

const DATE = '2061-03-04';
const row = (id: string, over: Partial<JitRow> = {}): JitRow => ({
  stockingId: `${DATE}#${id}#1`,
  region: 'NE',
  market: 'NE',
  routeId: 'ne-01',
  locationId: id,
  stop: 1,
  stockingIndex: 1,
  jitEnabled: 'Y',
  stockedTimeUTC: null,
  jitUnits: 10,
  lockedReason: null,
  update: null,
  ...over,
});

describe('JIT rules', () => {
  it('offers exactly the §5 reasons, only for Off, and the §4.6 statuses', () => {
    expect(JIT_REASONS).toEqual([
      'Driver Call Off',
      'Driver Training',
      'Linehaul Delay',
      'Staff Shortage',
      'Van Issue',
      'Other',
    ]);
    expect(JIT_STATUSES).toEqual(['-', 'Off', 'On']);
    expect(JIT_REGIONS).toEqual(['MW', 'NE', 'WC', 'S']);
    expect(reasonsFor('Off')).toBe(JIT_REASONS);
    expect(reasonsFor('On')).toEqual([]);
    expect(reasonsFor('-')).toEqual([]);
    expect(withStatus({ status: 'Off', reason: 'Van Issue' }, 'On')).toEqual({ status: 'On', reason: '' });
    expect(withStatus({ status: 'Off', reason: 'Van Issue' }, 'Off')).toEqual({ status: 'Off', reason: 'Van Issue' });
  });

  it("locks the rows the server locked and shows a locked row's recorded update", () => {
    const updated = row('U', {
      jitEnabled: 'N',
      lockedReason: 'JIT status already updated',
      update: { jit: false, reason: 'Van Issue', email: 'ops@x.com', updatedAt: '2061-03-03T10:00:00Z' },
    });
    const bare = row('B', { jitEnabled: null, lockedReason: 'No fridge order (JIT flag empty)' });
    expect(isLocked(updated)).toBe(true);
    expect(isLocked(bare)).toBe(true);
    expect(isLocked(row('A'))).toBe(false);
    expect(jitEnabledText(bare)).toBe('-');
    expect(jitEnabledText(updated)).toBe('N');
    // An edit left on a row that got locked is not shown (nor sent).
    const edits = new Map<string, JitEdit>([[rowKey(bare), { status: 'On', reason: '' }]]);
    expect(shownEdit(updated, edits)).toEqual({ status: 'Off', reason: 'Van Issue' });
    expect(shownEdit(bare, edits)).toEqual({ status: '-', reason: '' });
    expect(shownEdit(row('A'), edits)).toEqual({ status: '-', reason: '' });
  });

  it('filters by regions and markets (none is all) and by route and location id parts, any case', () => {
    const rows = [
      row('CHI_001', { region: 'MW', market: 'MW', routeId: 'chi-07' }),
      row('NYC_002', { region: 'NE', market: 'NE', routeId: 'nyc-01' }),
      row('LA_003', { region: 'WC', market: 'WC', routeId: 'la-02' }),
    ];
    const ids = (f: Partial<typeof NO_FILTERS>) => filterRows(rows, { ...NO_FILTERS, ...f }).map((r) => r.locationId);
    expect(ids({})).toEqual(['CHI_001', 'NYC_002', 'LA_003']);
    expect(ids({ regions: ['MW', 'WC'] })).toEqual(['CHI_001', 'LA_003']);
    expect(ids({ regions: ['MW', 'WC'], markets: ['WC'] })).toEqual(['LA_003']);
    expect(ids({ routeId: 'NYC' })).toEqual(['NYC_002']);
    expect(ids({ locationId: ' _00' })).toEqual(['CHI_001', 'NYC_002', 'LA_003']);
    expect(ids({ locationId: 'chi_0' })).toEqual(['CHI_001']);
    expect(ids({ routeId: 'la', locationId: 'nyc' })).toEqual([]);
  });

  it('bulk update sets every checked row that is not locked', () => {
    const rows = [row('A'), row('B'), row('L', { lockedReason: 'Already stocked' }), row('C')];
    const checked = new Set([rowKey(rows[0]), rowKey(rows[1]), rowKey(rows[2])]);
    const before = new Map<string, JitEdit>([[rowKey(rows[3]), { status: 'On', reason: '' }]]);
    const out = bulkApply(rows, checked, before, { status: 'Off', reason: 'Linehaul Delay' });
    expect(out.applied).toBe(2);
    expect(out.edits.get(rowKey(rows[0]))).toEqual({ status: 'Off', reason: 'Linehaul Delay' });
    expect(out.edits.get(rowKey(rows[1]))).toEqual({ status: 'Off', reason: 'Linehaul Delay' });
    expect(out.edits.has(rowKey(rows[2]))).toBe(false);
    expect(out.edits.get(rowKey(rows[3]))).toEqual({ status: 'On', reason: '' });
    // On takes no reason.
    expect(bulkApply(rows, checked, before, { status: 'On', reason: 'Other' }).edits.get(rowKey(rows[0]))).toEqual({
      status: 'On',
      reason: '',
    });
  });

  it('Update JIT sends the changed unlocked rows as §3 inputs; an Off row needs a reason', () => {
    const rows = [row('OFF'), row('ON'), row('SAME'), row('NOREASON'), row('L', { lockedReason: 'Already stocked' })];
    const edits = new Map<string, JitEdit>([
      [rowKey(rows[0]), { status: 'Off', reason: 'Van Issue' }],
      [rowKey(rows[1]), { status: 'On', reason: '' }],
      [rowKey(rows[2]), { status: '-', reason: '' }],
      [rowKey(rows[3]), { status: 'Off', reason: '' }],
      [rowKey(rows[4]), { status: 'Off', reason: 'Other' }],
    ]);
    expect(changedRows(rows, edits).map((r) => r.locationId)).toEqual(['OFF', 'ON', 'NOREASON']);
    expect(missingReasons(rows, edits).map((r) => r.locationId)).toEqual(['NOREASON']);
    const edited = new Map(edits);
    edited.delete(rowKey(rows[3]));
    expect(updateInputs(rows, edited, 'ops@x.com').map((u) => u.input)).toEqual([
      { stockingId: `${DATE}#OFF#1`, jitIndicator: false, reason: 'Van Issue', emailAddress: 'ops@x.com' },
      { stockingId: `${DATE}#ON#1`, jitIndicator: true, reason: null, emailAddress: 'ops@x.com' },
    ]);
  });

  it('chunks by 100 and words the §8 success toast', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(chunk(items).map((c) => c.length)).toEqual([100, 100, 50]);
    expect(chunk(items)[1][0]).toBe(100);
    expect(chunk([])).toEqual([]);
    expect(successMessage(3)).toBe('Successfully updated JIT status for 3 element(s)');
  });
});

import rules from '@/generated/rules.json';
import type { StatusEdit } from '@/components/BulkUpdateDialog';
import type { DropOffRow } from '../api/drop-off-summary';

/** §4.5: Pending (nothing recorded), Complete or Not Delivering. */
export type DropStatus = 'Pending' | 'Complete' | 'Not Delivering';
export const DROP_STATUSES: DropStatus[] = ['Pending', 'Complete', 'Not Delivering'];

/** §5 reasons offered for each status, from the server's own lists (rules.json). */
export const COMPLETE_REASONS: readonly string[] = rules.dropOverride.completeReasons;
export const NOT_DELIVERING_REASONS: readonly string[] = rules.dropOverride.notDeliveringReasons;

export function reasonsFor(status: DropStatus): readonly string[] {
  if (status === 'Complete') return COMPLETE_REASONS;
  if (status === 'Not Delivering') return NOT_DELIVERING_REASONS;
  return [];
}

/** A status chosen for a row, not yet recorded. */
export type Edit = StatusEdit<DropStatus>;

/** §4.5: a fridge-type location cannot be set to Complete. */
export function canSet(row: Pick<DropOffRow, 'locationType' | 'locked'>, status: DropStatus): boolean {
  if (row.locked) return false;
  return !(status === 'Complete' && row.locationType === 'FRIDGE');
}

/** The statuses a row may be given. */
export function statusesFor(row: Pick<DropOffRow, 'locationType' | 'locked'>): DropStatus[] {
  return DROP_STATUSES.filter((s) => s === 'Pending' || canSet(row, s));
}

/**
 * Bulk Update: the status and reason for every checked row that may take it. Rows that
 * may not (a fridge for Complete, a locked row) keep their edit and are answered as skipped.
 */
export function bulkApply(
  rows: DropOffRow[],
  checked: ReadonlySet<string>,
  edits: ReadonlyMap<string, Edit>,
  edit: Edit,
): { edits: Map<string, Edit>; applied: number; skipped: DropOffRow[] } {
  const next = new Map(edits);
  const skipped: DropOffRow[] = [];
  let applied = 0;
  for (const row of rows) {
    if (!checked.has(row.extendedId)) continue;
    if (!canSet(row, edit.status)) {
      skipped.push(row);
      continue;
    }
    next.set(row.extendedId, edit);
    applied += 1;
  }
  return { edits: next, applied, skipped };
}

/** What one DropOverride action records (§3), with the row's location. */
export interface DropOverride {
  locationId: string;
  userSubmitted: string;
  dropStatus: 'Complete' | 'Not Delivering';
  statusReason: string;
  originalDropOffDate: string;
  packingSlipId: string;
}

/** The rows Confirm Override sends: unlocked rows given a status other than Pending, with a reason. */
export function pendingOverrides(
  rows: DropOffRow[],
  edits: ReadonlyMap<string, Edit>,
  date: string,
  user: string,
): { row: DropOffRow; override: DropOverride }[] {
  return rows.flatMap((row) => {
    const edit = edits.get(row.extendedId);
    if (!edit || edit.status === 'Pending' || !edit.reason || !canSet(row, edit.status)) return [];
    return [
      {
        row,
        override: {
          locationId: row.locationId,
          userSubmitted: user,
          dropStatus: edit.status,
          statusReason: edit.reason,
          originalDropOffDate: date,
          packingSlipId: row.packingSlipId,
        },
      },
    ];
  });
}

/** Rows given a status but no reason yet: Confirm waits for them. */
export function missingReasons(rows: DropOffRow[], edits: ReadonlyMap<string, Edit>): DropOffRow[] {
  return rows.filter((row) => {
    const edit = edits.get(row.extendedId);
    return !row.locked && edit !== undefined && edit.status !== 'Pending' && !edit.reason;
  });
}

/** 'Successfully updated drop status for N element(s)' (2-fleet §8). */
export const successMessage = (n: number) => `Successfully updated drop status for ${n} element(s)`;

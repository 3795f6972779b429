import rules from '@/generated/rules.json';
import type { StatusEdit } from '@/components/BulkUpdateDialog';
import type { JitUpdateInput } from '@/generated/gql/graphql';
import type { JitRow } from '../api/jit-management';

/** §4.6: '-' (unchanged), Off (needs a reason) or On. */
export type JitStatus = '-' | 'Off' | 'On';
export const UNCHANGED: JitStatus = '-';
export const JIT_STATUSES: readonly JitStatus[] = ['-', 'Off', 'On'];
/** The statuses a row, or Bulk Update, may set. */
export const SETTABLE_STATUSES: readonly Exclude<JitStatus, '-'>[] = ['Off', 'On'];

/** §5 JIT reasons, offered to turn JIT off: the server's own list (rules.json). */
export const JIT_REASONS: readonly string[] = rules.jit.reasons;

/** §5 / §9: the regions, and the markets the filters offer. */
export const JIT_REGIONS: readonly string[] = ['MW', 'NE', 'WC', 'S'];
export const JIT_MARKETS: readonly string[] = ['MW', 'NE', 'WC', 'S'];

/** The reasons offered for a status: only Off takes one. */
export const reasonsFor = (status: JitStatus): readonly string[] => (status === 'Off' ? JIT_REASONS : []);

/** A status chosen for a row, not yet sent. */
export type JitEdit = StatusEdit<JitStatus>;

export const NO_EDIT: JitEdit = { status: UNCHANGED, reason: '' };

type RowKeyFields = Pick<JitRow, 'stockingId' | 'routeId' | 'stop'>;

/**
 * A row's key in the table: its stockingId names the order, and with its route and stop it
 * stays unique even if a location's stocking index were on two routes.
 */
export const rowKey = (row: RowKeyFields) => `${row.stockingId}|${row.routeId}|${row.stop}`;

/** How a row is named to the user (labels, lists of rows). */
export const rowName = (row: Pick<JitRow, 'locationId' | 'routeId' | 'stop'>) =>
  `${row.locationId} (route ${row.routeId}, stop ${row.stop})`;

/** §4.6: a row the server locked (already updated, already stocked, no order, JIT flag N) cannot change. */
export const isLocked = (row: Pick<JitRow, 'lockedReason'>) =>
  row.lockedReason !== null && row.lockedReason !== undefined;

/** 'JIT Enabled?': the order's flag, '-' without one. */
export const jitEnabledText = (row: Pick<JitRow, 'jitEnabled'>) => row.jitEnabled ?? '-';

/** The status and reason a row shows: a locked row its recorded update (or '-'), others their edit. */
export function shownEdit(row: JitRow, edits: ReadonlyMap<string, JitEdit>): JitEdit {
  if (isLocked(row)) {
    return row.update ? { status: row.update.jit ? 'On' : 'Off', reason: row.update.reason ?? '' } : NO_EDIT;
  }
  return edits.get(rowKey(row)) ?? NO_EDIT;
}

/** A new status for a row: the reason goes when the status takes none. */
export const withStatus = (edit: JitEdit, status: JitStatus): JitEdit => ({
  status,
  reason: status === 'Off' ? edit.reason : '',
});

export interface JitFilters {
  /** Regions chosen; none is every region. */
  regions: readonly string[];
  /** Markets chosen; none is every market. */
  markets: readonly string[];
  /** Part of a route id, any case. */
  routeId: string;
  /** Part of a location id, any case. */
  locationId: string;
}

export const NO_FILTERS: JitFilters = { regions: [], markets: [], routeId: '', locationId: '' };

const contains = (value: string, part: string) => value.toLowerCase().includes(part.trim().toLowerCase());

/** The rows the filters keep (§2.6): region and market among the chosen, route and location ids containing the text. */
export function filterRows<T extends Pick<JitRow, 'region' | 'market' | 'routeId' | 'locationId'>>(
  rows: readonly T[],
  filters: JitFilters,
): T[] {
  return rows.filter(
    (r) =>
      (filters.regions.length === 0 || filters.regions.includes(r.region)) &&
      (filters.markets.length === 0 || filters.markets.includes(r.market)) &&
      contains(r.routeId, filters.routeId) &&
      contains(r.locationId, filters.locationId),
  );
}

/** Bulk Update: the status (and reason) for every checked row that is not locked; locked rows are skipped. */
export function bulkApply(
  rows: readonly JitRow[],
  checked: ReadonlySet<string>,
  edits: ReadonlyMap<string, JitEdit>,
  edit: JitEdit,
): { edits: Map<string, JitEdit>; applied: number } {
  const next = new Map(edits);
  let applied = 0;
  const value = withStatus(edit, edit.status);
  for (const row of rows) {
    if (!checked.has(rowKey(row)) || isLocked(row)) continue;
    next.set(rowKey(row), value);
    applied += 1;
  }
  return { edits: next, applied };
}

/** The rows Update JIT sends: unlocked rows whose status is not '-'. */
export function changedRows(rows: readonly JitRow[], edits: ReadonlyMap<string, JitEdit>): JitRow[] {
  return rows.filter((row) => !isLocked(row) && (edits.get(rowKey(row))?.status ?? UNCHANGED) !== UNCHANGED);
}

/** Changed rows set to Off without a reason: while there are any, nothing is sent. */
export function missingReasons(rows: readonly JitRow[], edits: ReadonlyMap<string, JitEdit>): JitRow[] {
  return changedRows(rows, edits).filter((row) => {
    const edit = edits.get(rowKey(row))!;
    return edit.status === 'Off' && !edit.reason;
  });
}

/** Each changed row with its §3 JIT update input; the e-mail is the signed-in user's. */
export function updateInputs(
  rows: readonly JitRow[],
  edits: ReadonlyMap<string, JitEdit>,
  emailAddress: string,
): { row: JitRow; input: JitUpdateInput }[] {
  return changedRows(rows, edits).map((row) => {
    const edit = edits.get(rowKey(row))!;
    const off = edit.status === 'Off';
    return {
      row,
      input: { stockingId: row.stockingId, jitIndicator: !off, reason: off ? edit.reason : null, emailAddress },
    };
  });
}

/** Inputs one updateJITLocationStatus call takes at most (the server's bound). */
export const MAX_UPDATES_PER_CALL: number = rules.jit.maxUpdates;

/** `items` in runs of at most `size`, in order. */
export function chunk<T>(items: readonly T[], size: number = MAX_UPDATES_PER_CALL): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** 'Successfully updated JIT status for N element(s)' (2-fleet §8). */
export const successMessage = (n: number) => `Successfully updated JIT status for ${n} element(s)`;

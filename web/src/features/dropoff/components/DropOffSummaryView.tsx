import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import type { DataColumn } from '@/components/DataTable';
import { ByDate, EditableList, useEditableList } from '@/components/EditableList';
import { Guard } from '@/components/Guard';
import { useCurrentUser } from '@/lib/auth/useCurrentUser';
import { centralTime } from '@/lib/central-time';
import { useToast } from '@/lib/toast';
import { dropOffSummaryKey, useDropOffSummary, type DropOffRow } from '../api/drop-off-summary';
import { overrideDrop } from '../api/override-drop';
import {
  bulkApply,
  missingReasons,
  pendingOverrides,
  reasonsFor,
  statusesFor,
  successMessage,
  type DropStatus,
  type Edit,
} from '../lib/drop-rules';
import { OverrideRequests } from '../lib/override-requests';
import { runOverrides } from '../lib/run-overrides';
import { DropHistoryDialog } from './DropHistoryDialog';
import { RevertDropDialog } from './RevertDropDialog';

/** The Drop Off Summary (2-fleet §2.5, §4.5): pick a date, then override drop statuses. */
export function DropOffSummaryView() {
  return <ByDate>{(date, chooseAnother) => <DropList date={date} onChooseDate={chooseAnother} />}</ByDate>;
}

const rowId = (row: DropOffRow) => row.extendedId;
const isLocked = (row: DropOffRow) => row.locked;
const BULK_STATUSES: readonly DropStatus[] = ['Complete', 'Not Delivering'];
/** What an operator reads and sets: in view at every width (the kit's table pins or keeps them). */
const ESSENTIAL = ['dropStatus', 'reason', 'actions'];

function DropList({ date, onChooseDate }: { date: string; onChooseDate: () => void }) {
  const query = useDropOffSummary(date);
  const queryClient = useQueryClient();
  const toast = useToast();
  const user = useCurrentUser();
  const list = useEditableList<DropOffRow, Edit>(rowId);
  const [reverting, setReverting] = useState<DropOffRow | null>(null);
  const [historyOf, setHistoryOf] = useState<DropOffRow | null>(null);
  // Each row's override request, kept until it lands: a retry resends exactly the first try.
  const requests = useRef(new OverrideRequests());

  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const { edits } = list;
  const email = user.user?.email ?? '';
  const overrides = pendingOverrides(rows, edits, date, email);
  const incomplete = missingReasons(rows, edits);

  const shown = (row: DropOffRow): Edit =>
    row.locked
      ? { status: row.dropStatus as DropStatus, reason: row.statusReason ?? '' }
      : (edits.get(row.extendedId) ?? { status: 'Pending', reason: '' });

  async function send() {
    const outcome = await runOverrides(
      overrides.map(({ row, override }) => ({ row, input: requests.current.inputFor(row.extendedId, override) })),
      overrideDrop,
    );
    outcome.done.forEach((row) => requests.current.forget(row.extendedId));
    return outcome;
  }

  async function reverted(row: DropOffRow) {
    setReverting(null);
    // A new override of the row after its revert is a new request, never a replay of the old one.
    requests.current.forget(row.extendedId);
    toast.success(`Drop status of ${row.packingSlipId} reverted to Pending`);
    await queryClient.invalidateQueries({ queryKey: dropOffSummaryKey(date) });
    await queryClient.invalidateQueries({ queryKey: ['dropOverrideHistory', date, row.packingSlipId] });
  }

  const columns: DataColumn<DropOffRow>[] = [
    { id: 'locationId', header: 'Location ID', value: (r) => r.locationId },
    { id: 'routeId', header: 'Route ID', value: (r) => r.routeId ?? '' },
    { id: 'packingSlipId', header: 'Packing Slip ID', value: (r) => r.packingSlipId },
    {
      id: 'pickDate',
      header: 'Pick Date',
      // The Central date; the full time is the cell's tooltip.
      value: (r) => centralTime(r.pickDate).slice(0, 10),
      cell: (r) => <span title={`${centralTime(r.pickDate)} CT`}>{centralTime(r.pickDate).slice(0, 10)}</span>,
    },
    {
      id: 'dropStatus',
      header: 'Drop Status',
      value: (r) => shown(r).status,
      cell: (r) => (
        <select
          aria-label={`Drop Status of ${r.locationId} ${r.packingSlipId}`}
          value={shown(r).status}
          disabled={r.locked}
          onChange={(e) => list.setEdit(r, { status: e.target.value as DropStatus, reason: '' })}
        >
          {(r.locked ? [shown(r).status] : statusesFor(r)).map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      value: (r) => shown(r).reason,
      cell: (r) => {
        const edit = shown(r);
        const reasons = r.locked ? [edit.reason] : reasonsFor(edit.status);
        return (
          <select
            aria-label={`Reason of ${r.locationId} ${r.packingSlipId}`}
            value={edit.reason}
            disabled={r.locked || edit.status === 'Pending'}
            onChange={(e) => list.setEdit(r, { ...edit, reason: e.target.value })}
          >
            <option value="">{edit.status === 'Pending' ? '-' : 'Choose a reason'}</option>
            {reasons.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </select>
        );
      },
    },
    { id: 'createdBy', header: 'Created By', value: (r) => r.createdBy ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      exportable: false,
      value: () => '',
      cell: (r) => (
        <Flex gap="0.25rem" wrap="wrap">
          <Button size="small" aria-label={`History of ${r.packingSlipId}`} onClick={() => setHistoryOf(r)}>
            History
          </Button>
          {r.locked ? (
            <Guard call="revertDropOverride">
              {(disabled) => (
                <Button
                  size="small"
                  aria-label={`Revert ${r.packingSlipId}`}
                  isDisabled={disabled}
                  onClick={() => setReverting(r)}
                >
                  Revert
                </Button>
              )}
            </Guard>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <EditableList
      list={list}
      title="Drop Off Summary"
      date={date}
      onChooseDate={onChooseDate}
      query={query}
      what="drops"
      above={<Text fontWeight="bold">Unconfirmed drops: {query.data?.unconfirmed ?? 0}</Text>}
      rows={rows}
      getRowId={rowId}
      isLocked={isLocked}
      table={{
        data: rows,
        columns,
        essential: ESSENTIAL,
        row: { label: (r) => `${r.locationId} ${r.packingSlipId}` },
        label: `Drops of ${date}`,
        exportFileName: `drop-off-summary-${date}.csv`,
        noun: 'drops',
        filter: { label: 'Search by Location ID', placeholder: 'Location ID', columns: ['locationId'] },
        emptyMessage: `No drops to confirm on ${date}.`,
      }}
      select={{
        label: (r) => `Select ${r.locationId} ${r.packingSlipId}`,
        title: (r) => (r.locked ? 'The drop status is recorded: the row is locked' : undefined),
        width: '4.5rem',
      }}
      bulk={{
        statusLabel: 'Drop Status',
        statuses: BULK_STATUSES,
        reasonsFor,
        note: (status) =>
          status === 'Complete'
            ? 'Fridge locations cannot be set to Complete; checked fridges keep their status.'
            : null,
        apply: (checked, edit) => bulkApply(rows, checked, edits, edit),
        skippedNotice: (skipped, edit) =>
          `${skipped.length} row(s) cannot be ${edit.status} and kept their status: ${skipped
            .map((r) => r.locationId)
            .join(', ')}`,
      }}
      update={{
        label: 'Confirm Override',
        call: 'createDriverAction:DropOverride',
        count: overrides.length,
        missing: incomplete,
        missingWarning: (n) => `Choose a reason for ${n} row${n === 1 ? '' : 's'} before confirming.`,
        confirmText: (n) => `${n} order${n === 1 ? '' : 's'} to update. A recorded status locks its row.`,
        success: successMessage,
        failures: {
          title: 'Some drops were not updated',
          text: (n) => `${n} drop status(es) could not be recorded:`,
          listLabel: 'Drops not updated',
        },
        rowName: (r) => `${r.locationId} · ${r.packingSlipId}`,
        run: send,
        reload: () => queryClient.invalidateQueries({ queryKey: dropOffSummaryKey(date) }),
      }}
    >
      {reverting ? (
        <RevertDropDialog
          date={date}
          row={reverting}
          onCancel={() => setReverting(null)}
          onReverted={() => void reverted(reverting)}
        />
      ) : null}
      {historyOf ? <DropHistoryDialog date={date} row={historyOf} onClose={() => setHistoryOf(null)} /> : null}
    </EditableList>
  );
}

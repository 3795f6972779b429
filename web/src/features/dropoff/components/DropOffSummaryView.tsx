import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DateSearchForm } from '@/components/DateSearchForm';
import { MessageDialog } from '@/components/MessageDialog';
import { Guard } from '@/components/Guard';
import { useCurrentUser } from '@/lib/auth/useCurrentUser';
import { centralTime } from '@/lib/central-time';
import { errorMessage } from '@/lib/api';
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
import { BulkUpdateDialog } from './BulkUpdateDialog';
import { DropHistoryDialog } from './DropHistoryDialog';
import { RevertDropDialog } from './RevertDropDialog';

/** The Drop Off Summary (2-fleet §2.5, §4.5): pick a date, then override drop statuses. */
export function DropOffSummaryView() {
  const [searched, setSearched] = useState<string | null>(null);

  if (searched === null) return <DateSearchForm onSearch={setSearched} />;
  return <DropList key={searched} date={searched} onChooseDate={() => setSearched(null)} />;
}

function DropList({ date, onChooseDate }: { date: string; onChooseDate: () => void }) {
  const query = useDropOffSummary(date);
  const queryClient = useQueryClient();
  const toast = useToast();
  const user = useCurrentUser();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Map<string, Edit>>(new Map());
  const [dialog, setDialog] = useState<'bulk' | 'confirm' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<string[]>([]);
  const [reverting, setReverting] = useState<DropOffRow | null>(null);
  const [historyOf, setHistoryOf] = useState<DropOffRow | null>(null);
  // Each row's override request, kept until it lands: a retry resends exactly the first try.
  const requests = useRef(new OverrideRequests());

  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const email = user.user?.email ?? '';
  const overrides = pendingOverrides(rows, edits, date, email);
  const incomplete = missingReasons(rows, edits);

  const setEdit = (row: DropOffRow, edit: Edit) => setEdits((m) => new Map(m).set(row.extendedId, edit));
  const toggle = (row: DropOffRow, on: boolean) =>
    setChecked((s) => {
      const next = new Set(s);
      if (on) next.add(row.extendedId);
      else next.delete(row.extendedId);
      return next;
    });
  const shown = (row: DropOffRow): Edit =>
    row.locked
      ? { status: row.dropStatus as DropStatus, reason: row.statusReason ?? '' }
      : (edits.get(row.extendedId) ?? { status: 'Pending', reason: '' });

  async function confirm() {
    setBusy(true);
    const outcome = await runOverrides(overrides, ({ row, override }) =>
      overrideDrop(requests.current.inputFor(row.extendedId, override)),
    );
    outcome.done.forEach((row) => requests.current.forget(row.extendedId));
    setBusy(false);
    setDialog(null);
    if (outcome.done.length) toast.success(successMessage(outcome.done.length));
    const done = new Set(outcome.done.map((r) => r.extendedId));
    setEdits((m) => new Map([...m].filter(([id]) => !done.has(id))));
    setChecked((s) => new Set([...s].filter((id) => !done.has(id))));
    setFailures(outcome.failed.map(({ row, message }) => `${row.locationId} · ${row.packingSlipId}: ${message}`));
    await queryClient.invalidateQueries({ queryKey: dropOffSummaryKey(date) });
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
    {
      id: 'select',
      header: 'Select',
      width: '4.5rem',
      exportable: false,
      value: (r) => (checked.has(r.extendedId) ? 1 : 0),
      cell: (r) => (
        <input
          type="checkbox"
          aria-label={`Select ${r.locationId} ${r.packingSlipId}`}
          checked={checked.has(r.extendedId)}
          disabled={r.locked}
          title={r.locked ? 'The drop status is recorded: the row is locked' : undefined}
          onChange={(e) => toggle(r, e.target.checked)}
        />
      ),
    },
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
          onChange={(e) => setEdit(r, { status: e.target.value as DropStatus, reason: '' })}
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
            onChange={(e) => setEdit(r, { ...edit, reason: e.target.value })}
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
    <Flex direction="column" gap="1rem">
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <Heading level={2} fontSize="large">
          Drop Off Summary for {date}
        </Heading>
        <Button size="small" onClick={onChooseDate}>
          Choose another date
        </Button>
      </Flex>
      {query.isLoading ? (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader />
          <Text>Loading the drops of {date}…</Text>
        </Flex>
      ) : query.isError ? (
        <Alert variation="error" heading="The drops could not be loaded">
          {errorMessage(query.error, 'Please try again.')}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <Text fontWeight="bold">Unconfirmed drops: {query.data?.unconfirmed ?? 0}</Text>
          {incomplete.length ? (
            <Alert variation="warning">
              Choose a reason for {incomplete.length} row{incomplete.length === 1 ? '' : 's'} before confirming.
            </Alert>
          ) : null}
          <DataTable
            data={rows}
            columns={columns}
            getRowId={(r) => r.extendedId}
            row={{ label: (r) => `${r.locationId} ${r.packingSlipId}` }}
            label={`Drops of ${date}`}
            exportFileName={`drop-off-summary-${date}.csv`}
            noun="drops"
            filter={{ label: 'Search by Location ID', placeholder: 'Location ID', columns: ['locationId'] }}
            loading={query.isFetching}
            emptyMessage={`No drops to confirm on ${date}.`}
            toolbar={
              <Flex gap="0.5rem" wrap="wrap">
                <Button
                  onClick={() => setDialog('bulk')}
                  isDisabled={checked.size === 0}
                  title={checked.size === 0 ? 'Check at least one row' : undefined}
                >
                  Bulk Update
                </Button>
                <Guard call="createDriverAction:DropOverride">
                  {(disabled) => (
                    <Button
                      variation="primary"
                      isDisabled={disabled || overrides.length === 0 || incomplete.length > 0}
                      onClick={() => setDialog('confirm')}
                    >
                      Confirm Override
                    </Button>
                  )}
                </Guard>
              </Flex>
            }
          />
        </>
      )}
      {dialog === 'bulk' ? (
        <BulkUpdateDialog
          count={checked.size}
          onCancel={() => setDialog(null)}
          onApply={(edit) => {
            const out = bulkApply(rows, checked, edits, edit);
            setEdits(out.edits);
            setDialog(null);
            if (out.skipped.length)
              toast.info(
                `${out.skipped.length} row(s) cannot be ${edit.status} and kept their status: ${out.skipped
                  .map((r) => r.locationId)
                  .join(', ')}`,
              );
          }}
        />
      ) : null}
      {dialog === 'confirm' ? (
        <ConfirmDialog
          title="Confirm Override"
          confirmLabel="Confirm"
          cancelLabel="Cancel"
          busy={busy}
          busyLabel="Updating…"
          onCancel={() => setDialog(null)}
          onConfirm={() => void confirm()}
        >
          <Text>
            {overrides.length} order{overrides.length === 1 ? '' : 's'} to update. A recorded status locks its row.
          </Text>
        </ConfirmDialog>
      ) : null}
      {reverting ? (
        <RevertDropDialog
          date={date}
          row={reverting}
          onCancel={() => setReverting(null)}
          onReverted={() => void reverted(reverting)}
        />
      ) : null}
      {historyOf ? <DropHistoryDialog date={date} row={historyOf} onClose={() => setHistoryOf(null)} /> : null}
      {failures.length ? (
        <MessageDialog
          title="Some drops were not updated"
          text={`${failures.length} drop status(es) could not be recorded:`}
          items={failures}
          listLabel="Drops not updated"
          onClose={() => setFailures([])}
        />
      ) : null}
    </Flex>
  );
}

import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Heading, Loader, SearchField, Text } from '@aws-amplify/ui-react';
import { CheckboxGroup } from '@/components/CheckboxGroup';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DateSearchForm } from '@/components/DateSearchForm';
import { MessageDialog } from '@/components/MessageDialog';
import { Guard } from '@/components/Guard';
import { currentUserQueryKey, getCurrentUser } from '@/lib/auth/useCurrentUser';
import { errorMessage } from '@/lib/api';
import { useToast } from '@/lib/toast';
import { jitManagementKey, useJitManagement, type JitRow } from '../api/jit-management';
import { updateJitLocationStatus } from '../api/update-jit-location-status';
import {
  bulkApply,
  changedRows,
  filterRows,
  isLocked,
  JIT_MARKETS,
  JIT_REGIONS,
  JIT_STATUSES,
  jitEnabledText,
  missingReasons,
  NO_FILTERS,
  reasonsFor,
  rowKey,
  rowName,
  shownEdit,
  successMessage,
  updateInputs,
  withStatus,
  type JitEdit,
  type JitFilters,
  type JitStatus,
} from '../lib/jit-rules';
import { runUpdates } from '../lib/run-updates';
import { JitBulkUpdateDialog } from './JitBulkUpdateDialog';

/** JIT Management (2-fleet §2.6, §4.6): pick a date, then turn JIT off or on for route stops. */
export function JitManagementView() {
  const [searched, setSearched] = useState<string | null>(null);

  if (searched === null) return <DateSearchForm onSearch={setSearched} />;
  return <JitList key={searched} date={searched} onChooseDate={() => setSearched(null)} />;
}

/** A locked row's controls carry the server's reason as their tooltip. */
const lockTitle = (r: JitRow) => r.lockedReason ?? undefined;

function JitList({ date, onChooseDate }: { date: string; onChooseDate: () => void }) {
  const query = useJitManagement(date);
  const queryClient = useQueryClient();
  const toast = useToast();
  const [filters, setFilters] = useState<JitFilters>(NO_FILTERS);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Map<string, JitEdit>>(new Map());
  const [dialog, setDialog] = useState<'bulk' | 'confirm' | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<JitRow[]>([]);
  const [failures, setFailures] = useState<string[]>([]);

  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const shown = useMemo(() => filterRows(rows, filters), [rows, filters]);
  const changed = changedRows(rows, edits);
  const incomplete = missingReasons(rows, edits);
  const incompleteKeys = new Set(incomplete.map(rowKey));
  // A row locked since it was checked (the list was refetched) no longer counts.
  const checkedCount = rows.filter((r) => checked.has(rowKey(r)) && !isLocked(r)).length;
  const selectable = shown.filter((r) => !isLocked(r));
  const allShownChecked = selectable.length > 0 && selectable.every((r) => checked.has(rowKey(r)));

  const setFilter = (patch: Partial<JitFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const setEdit = (row: JitRow, edit: JitEdit) => setEdits((m) => new Map(m).set(rowKey(row), edit));
  const toggle = (keys: string[], on: boolean) =>
    setChecked((s) => {
      const next = new Set(s);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  function startUpdate() {
    if (incomplete.length) setMissing(incomplete);
    else setDialog('confirm');
  }

  async function confirm() {
    setBusy(true);
    let email = '';
    try {
      email = (await queryClient.fetchQuery({ queryKey: currentUserQueryKey, queryFn: getCurrentUser })).email;
    } catch (err) {
      console.error('the signed-in user could not be read', err);
    }
    if (!email) {
      setBusy(false);
      setDialog(null);
      toast.error('Your e-mail could not be read from your session. Please sign in again.');
      return;
    }
    const outcome = await runUpdates(updateInputs(rows, edits, email), updateJitLocationStatus);
    setBusy(false);
    setDialog(null);
    if (outcome.done.length) toast.success(successMessage(outcome.done.length));
    // Rows that landed are locked now; failed rows keep their edits for another try.
    const done = new Set(outcome.done.map(rowKey));
    setEdits((m) => new Map([...m].filter(([key]) => !done.has(key))));
    setChecked((s) => new Set([...s].filter((key) => !done.has(key))));
    setFailures(outcome.failed.map(({ row, message }) => `${rowName(row)}: ${message}`));
    await queryClient.invalidateQueries({ queryKey: jitManagementKey(date) });
  }

  const columns: DataColumn<JitRow>[] = [
    {
      id: 'select',
      header: 'Select',
      width: '6rem',
      sortable: false,
      exportable: false,
      headerExtra: (
        <input
          type="checkbox"
          aria-label="Select all shown rows"
          title="Select all shown rows that are not locked"
          checked={allShownChecked}
          disabled={selectable.length === 0}
          onChange={(e) => toggle(selectable.map(rowKey), e.target.checked)}
          style={{ marginRight: '0.4rem' }}
        />
      ),
      value: (r) => (checked.has(rowKey(r)) ? 1 : 0),
      cell: (r) => (
        <span title={lockTitle(r)}>
          <input
            type="checkbox"
            aria-label={`Select ${rowName(r)}`}
            checked={!isLocked(r) && checked.has(rowKey(r))}
            disabled={isLocked(r)}
            title={lockTitle(r)}
            onChange={(e) => toggle([rowKey(r)], e.target.checked)}
          />
        </span>
      ),
    },
    { id: 'region', header: 'Region', value: (r) => r.region },
    { id: 'routeId', header: 'Route ID', value: (r) => r.routeId },
    { id: 'locationId', header: 'Location ID', value: (r) => r.locationId },
    { id: 'stop', header: 'Stop #', value: (r) => r.stop },
    { id: 'jitEnabled', header: 'JIT Enabled?', value: (r) => jitEnabledText(r) },
    {
      id: 'status',
      header: 'Change JIT Status',
      value: (r) => shownEdit(r, edits).status,
      cell: (r) => {
        const edit = shownEdit(r, edits);
        return (
          <span title={lockTitle(r)}>
            <select
              aria-label={`Change JIT Status of ${rowName(r)}`}
              value={edit.status}
              disabled={isLocked(r)}
              title={lockTitle(r)}
              onChange={(e) => setEdit(r, withStatus(edit, e.target.value as JitStatus))}
            >
              {(isLocked(r) ? [edit.status] : JIT_STATUSES).map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </span>
        );
      },
    },
    {
      id: 'reason',
      header: 'Reason',
      value: (r) => shownEdit(r, edits).reason,
      cell: (r) => {
        const edit = shownEdit(r, edits);
        const reasons = isLocked(r) ? (edit.reason ? [edit.reason] : []) : reasonsFor(edit.status);
        return (
          <span title={lockTitle(r)}>
            <select
              aria-label={`Reason of ${rowName(r)}`}
              value={edit.reason}
              disabled={isLocked(r) || edit.status !== 'Off'}
              title={lockTitle(r)}
              aria-invalid={incompleteKeys.has(rowKey(r)) || undefined}
              onChange={(e) => setEdit(r, { ...edit, reason: e.target.value })}
            >
              <option value="">{edit.status === 'Off' && !isLocked(r) ? 'Choose a reason' : '-'}</option>
              {reasons.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
          </span>
        );
      },
    },
    { id: 'updatedBy', header: 'Updated By', value: (r) => r.update?.email ?? '' },
  ];

  return (
    <Flex direction="column" gap="1rem">
      <Flex alignItems="center" gap="1rem" wrap="wrap">
        <Heading level={2} fontSize="large">
          JIT Management for {date}
        </Heading>
        <Button size="small" onClick={onChooseDate}>
          Choose another date
        </Button>
      </Flex>
      {query.isLoading ? (
        <Flex alignItems="center" gap="0.5rem" role="status">
          <Loader />
          <Text>Loading the route stops of {date}…</Text>
        </Flex>
      ) : query.isError ? (
        <Alert variation="error" heading="The route stops could not be loaded">
          {errorMessage(query.error, 'Please try again.')}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <Flex role="search" aria-label="Filter the route stops" gap="1.5rem" wrap="wrap" alignItems="flex-end">
            <CheckboxGroup
              legend="Region"
              options={JIT_REGIONS}
              value={filters.regions}
              onChange={(regions) => setFilter({ regions })}
            />
            <CheckboxGroup
              legend="Market"
              options={JIT_MARKETS}
              value={filters.markets}
              onChange={(markets) => setFilter({ markets })}
            />
            <SearchField
              label="Search by Route ID"
              placeholder="Route ID"
              value={filters.routeId}
              onChange={(e) => setFilter({ routeId: e.target.value })}
              onClear={() => setFilter({ routeId: '' })}
              hasSearchButton={false}
              width="14rem"
            />
            <SearchField
              label="Search by Location ID"
              placeholder="Location ID"
              value={filters.locationId}
              onChange={(e) => setFilter({ locationId: e.target.value })}
              onClear={() => setFilter({ locationId: '' })}
              hasSearchButton={false}
              width="14rem"
            />
          </Flex>
          {incomplete.length ? (
            <Alert variation="warning">
              Choose a reason for {incomplete.length} row{incomplete.length === 1 ? '' : 's'} set to Off before
              updating.
            </Alert>
          ) : null}
          <DataTable
            data={shown}
            total={rows.length}
            columns={columns}
            getRowId={rowKey}
            row={{ label: rowName, highlight: (r) => (incompleteKeys.has(rowKey(r)) ? 'warning' : undefined) }}
            label={`Route stops of ${date}`}
            exportFileName={`jit-management-${date}.csv`}
            noun="route stops"
            filter={false}
            loading={query.isFetching}
            emptyMessage={`No route stops on ${date}.`}
            toolbar={
              <Flex gap="0.5rem" wrap="wrap">
                <Button
                  onClick={() => setDialog('bulk')}
                  isDisabled={checkedCount === 0}
                  title={checkedCount === 0 ? 'Check at least one row' : undefined}
                >
                  Bulk Update
                </Button>
                <Guard call="updateJITLocationStatus">
                  {(disabled) => (
                    <Button
                      variation="primary"
                      isDisabled={disabled || changed.length === 0}
                      title={changed.length === 0 ? 'Change the JIT status of at least one row' : undefined}
                      onClick={startUpdate}
                    >
                      Update JIT
                    </Button>
                  )}
                </Guard>
              </Flex>
            }
          />
        </>
      )}
      {dialog === 'bulk' ? (
        <JitBulkUpdateDialog
          count={checkedCount}
          onCancel={() => setDialog(null)}
          onApply={(edit) => {
            setEdits(bulkApply(rows, checked, edits, edit).edits);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === 'confirm' ? (
        <ConfirmDialog
          title="Update JIT"
          confirmLabel="Confirm"
          cancelLabel="Cancel"
          busy={busy}
          busyLabel="Updating…"
          onCancel={() => setDialog(null)}
          onConfirm={() => void confirm()}
        >
          <Text>
            {changed.length} row{changed.length === 1 ? '' : 's'} to update. An updated row is locked.
          </Text>
        </ConfirmDialog>
      ) : null}
      {missing.length ? (
        <MessageDialog
          title="Choose a reason"
          text={`Turning JIT off needs a reason. Nothing was sent; choose a reason for ${missing.length} row(s):`}
          items={missing.map(rowName)}
          listLabel="Rows without a reason"
          onClose={() => setMissing([])}
        />
      ) : null}
      {failures.length ? (
        <MessageDialog
          title="Some JIT statuses were not updated"
          text={`${failures.length} JIT status(es) could not be updated:`}
          items={failures}
          listLabel="Rows not updated"
          onClose={() => setFailures([])}
        />
      ) : null}
    </Flex>
  );
}

import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, SearchField, Text } from '@aws-amplify/ui-react';
import { CheckboxGroup } from '@/components/CheckboxGroup';
import type { DataColumn } from '@/components/DataTable';
import { ByDate, EditableList, useEditableList } from '@/components/EditableList';
import { currentUserQueryKey, getCurrentUser } from '@/lib/auth/useCurrentUser';
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
  SETTABLE_STATUSES,
  shownEdit,
  successMessage,
  updateInputs,
  withStatus,
  type JitEdit,
  type JitFilters,
  type JitStatus,
} from '../lib/jit-rules';
import { runUpdates } from '../lib/run-updates';

/** JIT Management (2-fleet §2.6, §4.6): pick a date, then turn JIT off or on for route stops. */
export function JitManagementView() {
  return <ByDate>{(date, chooseAnother) => <JitList date={date} onChooseDate={chooseAnother} />}</ByDate>;
}

/** A locked row's controls carry the server's reason as their tooltip. */
const lockTitle = (r: JitRow) => r.lockedReason ?? undefined;

const NO_EMAIL = 'Your e-mail could not be read from your session. Please sign in again.';

function JitList({ date, onChooseDate }: { date: string; onChooseDate: () => void }) {
  const query = useJitManagement(date);
  const queryClient = useQueryClient();
  const list = useEditableList<JitRow, JitEdit>(rowKey);
  const [filters, setFilters] = useState<JitFilters>(NO_FILTERS);

  const { edits } = list;
  const rows = useMemo(() => query.data?.rows ?? [], [query.data]);
  const shown = useMemo(() => filterRows(rows, filters), [rows, filters]);
  const changed = changedRows(rows, edits);
  const incomplete = missingReasons(rows, edits);
  const incompleteKeys = new Set(incomplete.map(rowKey));

  const setFilter = (patch: Partial<JitFilters>) => setFilters((f) => ({ ...f, ...patch }));

  async function send() {
    let email = '';
    try {
      email = (await queryClient.fetchQuery({ queryKey: currentUserQueryKey, queryFn: getCurrentUser })).email;
    } catch (err) {
      console.error('the signed-in user could not be read', err);
    }
    if (!email) throw new Error(NO_EMAIL);
    return runUpdates(updateInputs(rows, edits, email), updateJitLocationStatus);
  }

  const columns: DataColumn<JitRow>[] = [
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
              onChange={(e) => list.setEdit(r, withStatus(edit, e.target.value as JitStatus))}
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
        // A row locked with no update of its own (JIT flag N or empty, already stocked) says why,
        // where an updated row shows its update's reason (§4.6): not only as a tooltip.
        if (isLocked(r) && !r.update)
          return (
            <Text as="span" fontSize="small" data-testid="lock-reason">
              Locked: {r.lockedReason}
            </Text>
          );
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
              onChange={(e) => list.setEdit(r, { ...edit, reason: e.target.value })}
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
    <EditableList
      list={list}
      title="JIT Management"
      date={date}
      onChooseDate={onChooseDate}
      query={query}
      what="route stops"
      above={
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
      }
      rows={rows}
      getRowId={rowKey}
      isLocked={isLocked}
      table={{
        data: shown,
        total: rows.length,
        columns,
        row: { label: rowName, highlight: (r) => (incompleteKeys.has(rowKey(r)) ? 'warning' : undefined) },
        label: `Route stops of ${date}`,
        exportFileName: `jit-management-${date}.csv`,
        noun: 'route stops',
        filter: false,
        emptyMessage: `No route stops on ${date}.`,
      }}
      select={{
        label: (r) => `Select ${rowName(r)}`,
        title: lockTitle,
        all: { label: 'Select all shown rows', title: 'Select all shown rows that are not locked' },
        width: '6rem',
      }}
      bulk={{
        statusLabel: 'JIT Status',
        statuses: SETTABLE_STATUSES,
        reasonsFor,
        reasonHint: (status) => (status === 'Off' ? undefined : 'Only turning JIT off takes a reason.'),
        apply: (checked, edit) => bulkApply(rows, checked, edits, edit),
      }}
      update={{
        label: 'Update JIT',
        call: 'updateJITLocationStatus',
        count: changed.length,
        idleTitle: 'Change the JIT status of at least one row',
        missing: incomplete,
        missingWarning: (n) => `Choose a reason for ${n} row${n === 1 ? '' : 's'} set to Off before updating.`,
        missingDialog: {
          title: 'Choose a reason',
          text: (n) => `Turning JIT off needs a reason. Nothing was sent; choose a reason for ${n} row(s):`,
          listLabel: 'Rows without a reason',
        },
        confirmText: (n) => `${n} row${n === 1 ? '' : 's'} to update. An updated row is locked.`,
        success: successMessage,
        failures: {
          title: 'Some JIT statuses were not updated',
          text: (n) => `${n} JIT status(es) could not be updated:`,
          listLabel: 'Rows not updated',
        },
        rowName,
        run: send,
        reload: () => queryClient.invalidateQueries({ queryKey: jitManagementKey(date) }),
      }}
    />
  );
}

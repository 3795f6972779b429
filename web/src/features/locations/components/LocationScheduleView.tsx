import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { MessageDialog } from '@/components/MessageDialog';
import { Guard } from '@/components/Guard';
import { ScreenLink } from '@/components/ScreenLink';
import { isForbidden } from '@/lib/api';
import { useSearchState } from '@/lib/search-state';
import { useToast } from '@/lib/toast';
import { createScheduleChange } from '../api/create-schedule-change';
import { deleteScheduleChange } from '../api/delete-schedule-change';
import { messageOf } from '@/lib/error-message';
import { useLocation } from '@/lib/locations/get-location';
import {
  locationScheduleKey,
  UPCOMING_DAYS,
  useLocationSchedule,
  useUpcomingScheduleChanges,
} from '../api/location-schedule';
import {
  deleteEach,
  failureReport,
  reportedAsProhibited,
  type DeleteFailure,
  type FailureReport,
} from '../lib/delete-changes';
import { fridgeZone } from '@/lib/fridge-time';
import {
  awaitingScheduler,
  changeGroups,
  completeNowOf,
  WATCH_EVERY_MS,
  type ChangeGroup,
} from '../lib/schedule-groups';
import { COMPLETE_NOW_SENT } from '../lib/constants';
import { LocationHistory } from './LocationHistory';
import { historyKey } from '../api/location-history';
import { GuardAll } from './GuardAll';
import { ConfirmDeleteDialog, REPLACE_CALLS } from './ScheduleDialogs';
import { DELETE_SCHEDULED_CHANGE_FAILURE, LOAD_SCHEDULE_FAILURE, SCHEDULE_CHANGE_FAILURE } from '@/lib/messages';
import { displayValue } from '@/lib/display-value';

/** The changes of a group as a person reads them: 'updateReason: prod: Holiday Break; prod: 1'. */
const describeChanges = (g: ChangeGroup) =>
  g.changes.map((c) => `${c.change.attribute}: ${displayValue(c.change.value)}`).join('; ');

/** Deletes every change of the group; each one that failed comes back with its reason. */
function deleteGroup(g: ChangeGroup): Promise<DeleteFailure[]> {
  return deleteEach(g.changes, deleteScheduleChange, (err) => messageOf(err, DELETE_SCHEDULED_CHANGE_FAILURE));
}

/** /locations/schedule/{id}: the location's pending changes, Delete and Complete Now, and its history. */
export function LocationScheduleView({ id }: { id: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const location = useLocation(id);
  const schedule = useLocationSchedule(id);
  const [confirming, setConfirming] = useState<ChangeGroup | null>(null);
  const removal = useMutation({ mutationFn: deleteGroup });
  const completion = useMutation({
    mutationFn: async (g: ChangeGroup) => {
      const failures = await deleteGroup(g);
      // Completing now while a change stays scheduled would apply it twice.
      if (failures.length === 0) await createScheduleChange(completeNowOf(g));
      return failures;
    },
  });
  // The key of the group being deleted or completed: its button spins, every other one waits.
  const running = [removal, completion].find((m) => m.isPending)?.variables;
  const busy = running?.key ?? null;
  const [report, setReport] = useState<FailureReport | null>(null);
  const groups = useMemo(() => changeGroups(schedule.data ?? []), [schedule.data]);
  // The history shows a completed change once the scheduler has applied it: read with the list while a change
  // is about to apply, and once more when none is left (the last read may have come just before it applied).
  const watching = awaitingScheduler(schedule.data);
  const wasWatching = useRef(false);
  useEffect(() => {
    if (wasWatching.current && !watching) void qc.invalidateQueries({ queryKey: historyKey(id) });
    wasWatching.current = watching;
  }, [watching, qc, id]);
  const zone = useMemo(() => fridgeZone(location.data), [location.data]);
  const reload = () => void qc.invalidateQueries({ queryKey: locationScheduleKey(id) });

  const completeNow = async (g: ChangeGroup) => {
    try {
      const failures = await completion.mutateAsync(g);
      if (failures.length > 0) {
        if (!reportedAsProhibited(failures, g.changes.length))
          setReport(failureReport(failures, g.changes.length, 'Nothing was completed now.'));
        return;
      }
      toast.success(COMPLETE_NOW_SENT);
    } catch (err) {
      // A permission failure is shown by the kit's dialog (the query client's mutation cache).
      if (!isForbidden(err)) toast.error(messageOf(err, SCHEDULE_CHANGE_FAILURE));
    } finally {
      reload();
    }
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      const failures = await removal.mutateAsync(confirming);
      if (failures.length > 0) {
        if (!reportedAsProhibited(failures, confirming.changes.length))
          setReport(failureReport(failures, confirming.changes.length, 'The scheduled change was not fully deleted.'));
      } else toast.success('Scheduled change deleted');
    } catch (err) {
      if (!isForbidden(err)) toast.error(messageOf(err, DELETE_SCHEDULED_CHANGE_FAILURE));
    } finally {
      setConfirming(null);
      reload();
    }
  };

  const columns: DataColumn<ChangeGroup>[] = [
    { id: 'when', header: `When (fridge time)`, value: (g) => g.when },
    { id: 'changes', header: 'Changes', value: describeChanges },
    {
      id: 'status',
      header: 'Status',
      value: (g) => g.status,
      cell: (g) => (
        <Flex gap="0.25rem" wrap="wrap">
          <Badge variation={g.status === 'FAILED' ? 'error' : 'info'}>{g.status}</Badge>
          {g.warning ? <Badge variation="warning">{g.warning}</Badge> : null}
          {g.failureReason ? <Text fontSize="small">{g.failureReason}</Text> : null}
        </Flex>
      ),
    },
    { id: 'by', header: 'Scheduled by', value: (g) => g.changes[0].user ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      value: () => '',
      exportable: false,
      sortable: false,
      cell: (g) => (
        <Flex gap="0.5rem">
          <Guard call="deleteScheduleChange">
            {(refused) => (
              <Button
                size="small"
                variation="destructive"
                onClick={() => setConfirming(g)}
                isDisabled={refused || busy !== null}
              >
                Delete
              </Button>
            )}
          </Guard>
          {g.status === 'PENDING' ? (
            <GuardAll calls={REPLACE_CALLS}>
              {(refused) => (
                <Button
                  size="small"
                  onClick={() => void completeNow(g)}
                  isLoading={busy === g.key}
                  loadingText="Completing…"
                  isDisabled={refused || busy !== null}
                >
                  Complete Now
                </Button>
              )}
            </GuardAll>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="1rem">
      {/* 'Schedule of {id}' is the screen's h1 (the kit Page of LocationSchedule). */}
      <Flex alignItems="baseline" gap="1rem" wrap="wrap">
        {location.data?.prettyName ? <Text>{location.data.prettyName}</Text> : null}
        <ScreenLink to={`/locations/detail/${encodeURIComponent(id)}`}>Location details</ScreenLink>
      </Flex>
      {schedule.isError ? <Alert variation="error">{messageOf(schedule.error, LOAD_SCHEDULE_FAILURE)}</Alert> : null}
      <DataTable
        label={`Scheduled changes of ${id}`}
        data={groups}
        columns={columns}
        getRowId={(g) => g.key}
        row={{ label: (g) => `Change at ${g.when}` }}
        loading={schedule.isFetching}
        emptyMessage="No Scheduled Changes"
        noun="scheduled changes"
        filter={false}
        height="none"
      />
      {location.data ? (
        <LocationHistory id={id} zone={zone} refetchInterval={watching ? WATCH_EVERY_MS : false} />
      ) : null}
      {confirming ? (
        <ConfirmDeleteDialog
          busy={busy !== null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirmDelete()}
        />
      ) : null}
      {report ? <MessageDialog {...report} listLabel="Changes not deleted" onClose={() => setReport(null)} /> : null}
    </Flex>
  );
}

/** A select's options: ALL, those of the rows, and the one chosen even when no row has it (a link's, say). */
const choices = (present: string[], chosen: string) =>
  ['ALL', ...present, chosen].filter((v, i, all) => all.indexOf(v) === i);

/** The upcoming changes' place in the address (`?market=NYC&attribute=prod&filter=...`). */
const UPCOMING_FILTERS = { market: 'ALL', attribute: 'ALL', filter: '' };

/** Pending changes across the fleet for the next 14 days, by market and attribute: for planning holidays. */
export function UpcomingChanges() {
  const upcoming = useUpcomingScheduleChanges(UPCOMING_DAYS);
  // Kept in the address: Back from a location's page opens the list as it was left.
  const [where, setWhere] = useSearchState(UPCOMING_FILTERS);
  const { market, attribute } = where;
  const groups = useMemo(() => changeGroups(upcoming.data ?? []), [upcoming.data]);
  const marketOf = (g: ChangeGroup) => g.location.replace(/^WH_/, '').split('_')[0];
  const markets = useMemo(() => [...new Set(groups.map(marketOf))].sort(), [groups]);
  const attributes = useMemo(
    () => [...new Set(groups.flatMap((g) => g.changes.map((c) => c.change.attribute)))].sort(),
    [groups],
  );
  const shown = groups.filter(
    (g) =>
      (market === 'ALL' || marketOf(g) === market) &&
      (attribute === 'ALL' || g.changes.some((c) => c.change.attribute === attribute)),
  );
  const columns: DataColumn<ChangeGroup>[] = [
    { id: 'when', header: 'When (fridge time)', value: (g) => g.when },
    {
      id: 'location',
      header: 'Location',
      value: (g) => g.location,
      cell: (g) => <RouterLink to={`/locations/schedule/${encodeURIComponent(g.location)}`}>{g.location}</RouterLink>,
    },
    { id: 'changes', header: 'Changes', value: describeChanges },
    { id: 'by', header: 'Scheduled by', value: (g) => g.changes[0].user ?? '' },
  ];
  return (
    <Flex direction="column" gap="0.5rem" as="section" aria-label="Upcoming changes">
      <Flex alignItems="baseline" gap="1rem" wrap="wrap">
        <Heading level={2}>Upcoming changes across the fleet (next {UPCOMING_DAYS} days)</Heading>
        <ScreenLink to="/locations/bulk_schedule">Schedule many changes from a file</ScreenLink>
      </Flex>
      <DataTable
        label="Upcoming changes"
        data={shown}
        total={groups.length}
        columns={columns}
        getRowId={(g) => g.key}
        loading={upcoming.isFetching}
        emptyMessage={`No changes scheduled in the next ${UPCOMING_DAYS} days`}
        noun="changes"
        filter={{ value: where.filter, onChange: (text) => setWhere('filter', text) }}
        toolbar={
          <Flex gap="0.75rem" wrap="wrap">
            <SelectField
              label="Market"
              value={market}
              onChange={(e) => setWhere('market', e.target.value)}
              width="9rem"
            >
              {choices(markets, market).map((m) => (
                <option key={m}>{m}</option>
              ))}
            </SelectField>
            <SelectField
              label="Attribute"
              value={attribute}
              onChange={(e) => setWhere('attribute', e.target.value)}
              width="12rem"
            >
              {choices(attributes, attribute).map((a) => (
                <option key={a}>{a}</option>
              ))}
            </SelectField>
          </Flex>
        }
      />
    </Flex>
  );
}

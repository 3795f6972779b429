import { useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Heading, Loader, SearchField, Text } from '@aws-amplify/ui-react';
import { CheckboxGroup } from '@/components/CheckboxGroup';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { todayIn } from '@/components/dates';
import { Guard } from '@/components/Guard';
import { MoreList } from '@/components/MoreList';
import { errorMessage } from '@/lib/api';
import { CENTRAL_ZONE, centralTime } from '@/lib/central-time';
import { SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { useToast } from '@/lib/toast';
import { useFulfillmentCenters } from '../api/fulfillment-centers';
import { syncJobsKey, useSyncJobs, type SyncJob } from '../api/loginext-sync-jobs';
import { syncLogiNext } from '../api/sync-loginext';
import { LOGINEXT, offeredCenters, syncError, syncProblems } from '../lib/sync-rules';
import { SyncWindowNote } from './SyncWindowNote';
import { useSyncWindow } from './useSyncWindow';

/** Past this many centers the list gets a search box. */
const SEARCH_AFTER = 8;

const defaultNow = () => new Date();

/** LogiNext (2-fleet §2.7): choose dates and centers, confirm, and the sync runs; recent syncs below. */
export function LogiNextView({ now = defaultNow }: { now?: () => Date }) {
  const centers = useFulfillmentCenters();
  const queryClient = useQueryClient();
  const toast = useToast();
  const untilBlock = useSyncWindow(now);
  const blocked = untilBlock === 0;
  const windowNoteId = useId();
  // Today in Central (not the browser's zone) by default.
  const [start, setStart] = useState(() => todayIn(CENTRAL_ZONE, now()));
  const [end, setEnd] = useState(() => todayIn(CENTRAL_ZONE, now()));
  const [chosen, setChosen] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Every failure, a refusal for want of permission included, is the screen's own toast.
  const syncing = useMutation({ mutationFn: syncLogiNext, meta: SHOWS_OWN_ERRORS });
  // One id per confirmed request: a retry after a failure sends the same id, so the server
  // answers it as the same sync; any change of the request makes a new one.
  const requestId = useRef<string | null>(null);

  const offered = useMemo(() => offeredCenters(centers.data ?? []), [centers.data]);
  const shown = search ? offered.filter((c) => c.toLowerCase().includes(search.toLowerCase())) : offered;
  const today = todayIn(CENTRAL_ZONE, now());
  const problems = syncProblems(start ?? '', end ?? '', chosen, today);
  const ready = Boolean(start && end) && problems.length === 0;

  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      requestId.current = null;
      set(v);
    };

  async function sync() {
    requestId.current ??= crypto.randomUUID();
    try {
      const out = await syncing.mutateAsync({
        startDate: start,
        endDate: end,
        fulfillmentCenters: chosen,
        requestId: requestId.current,
      });
      toast.success(out.message);
      requestId.current = null;
    } catch (err) {
      toast.error(syncError(errorMessage(err, 'Please try again.')));
    } finally {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: syncJobsKey });
    }
  }

  return (
    <Flex direction="column" gap="1.5rem">
      <form
        aria-label="LogiNext sync"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready && !blocked) setConfirming(true);
        }}
      >
        <Flex direction="column" gap="1rem">
          <Flex gap="1.5rem" wrap="wrap">
            <DatePicker
              label="Drop Off Start Date"
              value={start}
              onChange={change(setStart)}
              min={today}
              timeZoneLabel="CT"
            />
            <DatePicker
              label="Drop Off End Date"
              value={end}
              onChange={change(setEnd)}
              min={start ?? today}
              timeZoneLabel="CT"
            />
          </Flex>
          {centers.isLoading ? (
            <Flex alignItems="center" gap="0.5rem" role="status">
              <Loader />
              <Text>Loading the fulfillment centers…</Text>
            </Flex>
          ) : centers.isError ? (
            <Alert variation="error" heading="Failed fetching Fulfillment Centers">
              {errorMessage(centers.error, 'Please try again.')}{' '}
              <Button size="small" onClick={() => void centers.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : (
            <Flex direction="column" gap="0.5rem">
              {offered.length > SEARCH_AFTER ? (
                <SearchField
                  label="Find a fulfillment center"
                  placeholder="Fulfillment center"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  onClear={() => setSearch('')}
                  hasSearchButton={false}
                  width="18rem"
                />
              ) : null}
              {offered.length === 0 ? (
                <Text>No fulfillment centers yet: locations name theirs when they are created.</Text>
              ) : (
                <CheckboxGroup
                  legend="Fulfillment Centers"
                  options={shown}
                  value={chosen.filter((c) => shown.includes(c))}
                  onChange={change((picked: string[]) =>
                    // Centers hidden by the search stay chosen.
                    setChosen([...chosen.filter((c) => !shown.includes(c)), ...picked]),
                  )}
                />
              )}
              <Text fontSize="small">
                {chosen.length} center{chosen.length === 1 ? '' : 's'} chosen
              </Text>
            </Flex>
          )}
          {problems.length && (start || end) ? (
            <Alert variation="warning" role="status">
              {problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            </Alert>
          ) : null}
          <Flex alignItems="center" gap="1rem" wrap="wrap">
            <Guard call="syncLogiNextLocRoutes">
              {(disabled) => (
                <span title={blocked ? LOGINEXT.blockedMessage : undefined} data-testid="sync-wrapper">
                  <Button
                    type="submit"
                    variation="primary"
                    isDisabled={disabled || blocked || !ready}
                    aria-describedby={windowNoteId}
                  >
                    Sync
                  </Button>
                </span>
              )}
            </Guard>
            <SyncWindowNote id={windowNoteId} untilBlock={untilBlock} />
          </Flex>
        </Flex>
      </form>
      <SyncJobs />
      {confirming ? (
        <ConfirmDialog
          title="Sync LogiNext routes?"
          confirmLabel="Sync"
          cancelLabel="Cancel"
          busy={syncing.isPending}
          busyLabel="Starting…"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void sync()}
        >
          <Text>
            Drop off dates: {start} to {end}
          </Text>
          <Text>Fulfillment Centers:</Text>
          <ul aria-label="Chosen fulfillment centers">
            {chosen.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </ConfirmDialog>
      ) : null}
    </Flex>
  );
}

const JOB_STATE_WORDS: Record<string, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
};

const jobColumns: DataColumn<SyncJob>[] = [
  { id: 'createdAt', header: 'Started (CT)', value: (j) => centralTime(j.createdAt) },
  { id: 'createdBy', header: 'Started By', value: (j) => j.createdBy },
  { id: 'dates', header: 'Drop Off Dates', value: (j) => `${j.startDate} to ${j.endDate}` },
  {
    id: 'centers',
    header: 'Fulfillment Centers',
    value: (j) => j.fulfillmentCenters.join(', '),
    // A sync of thousands of centers is a line long until asked ('+N more'); the CSV lists them all.
    cell: (j) => <MoreList items={j.fulfillmentCenters} noun="fulfillment centers" />,
  },
  // In words on screen, as every status (issue 43); the CSV keeps the server's name.
  { id: 'state', header: 'State', value: (j) => j.state, cell: (j) => JOB_STATE_WORDS[j.state] ?? j.state },
  { id: 'progress', header: 'Dates Done', value: (j) => `${j.datesDone + j.datesFailed} of ${j.dates}` },
  { id: 'routesChanged', header: 'Routes Changed', value: (j) => j.routesChanged },
  { id: 'stopsChanged', header: 'Stops Changed', value: (j) => j.stopsChanged },
  { id: 'finishedAt', header: 'Finished (CT)', value: (j) => centralTime(j.finishedAt) },
  {
    id: 'error',
    header: 'Error',
    value: (j) => j.error ?? '',
    // A long message wraps in a column of reading width rather than widen the table.
    cell: (j) => <span style={{ display: 'inline-block', maxWidth: '24rem' }}>{j.error ?? ''}</span>,
  },
];
/** What an operator looks for in a sync: how it went and when it ended; in view at every width. */
const JOB_ESSENTIAL = ['state', 'finishedAt', 'error'];

/** The recent syncs, refreshed while one is under way. */
function SyncJobs() {
  const jobs = useSyncJobs();
  return (
    <Flex direction="column" gap="0.5rem">
      <Heading level={2} fontSize="large">
        Recent syncs
      </Heading>
      {jobs.isError ? (
        <Alert variation="error" heading="The recent syncs could not be loaded">
          {errorMessage(jobs.error, 'Please try again.')}{' '}
          <Button size="small" onClick={() => void jobs.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <DataTable
          data={jobs.data ?? []}
          columns={jobColumns}
          essential={JOB_ESSENTIAL}
          getRowId={(j) => j.id}
          row={{
            label: (j) => `Sync of ${j.startDate} to ${j.endDate} started ${centralTime(j.createdAt)}`,
            highlight: (j) => (j.state === 'FAILED' ? 'error' : j.state === 'DONE' ? 'success' : undefined),
          }}
          label="Recent LogiNext syncs"
          exportFileName="loginext-syncs.csv"
          noun="syncs"
          loading={jobs.isFetching}
          emptyMessage="No syncs yet."
          toolbar={
            <Button size="small" onClick={() => void jobs.refetch()}>
              Refresh
            </Button>
          }
        />
      )}
    </Flex>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Loader, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { tableCsv } from '@/components/DataTable';
import { useAccess } from '@/lib/access';
import { useCurrentUser } from '@/lib/auth/useCurrentUser';
import { usePref } from '@/lib/auth/usePref';
import { PROHIBITED_MESSAGE, isForbidden } from '@/lib/api';
import { isConflict } from '@/lib/error-message';
import { centralTime } from '@/lib/central-time';
import { download } from '@/lib/csv';
import { useProgressive } from '@/lib/progressive';
import { useToast } from '@/lib/toast';
import { useRouteOptions, type RouteOption } from '../api/route-options';
import { stockedHistoryKey } from '../api/stocked-history';
import { stockingDashboardKey, useStockingDashboard } from '../api/stocking-dashboard';
import type { DashboardStop } from '../lib/dashboard-types';
import { DASHBOARD_MESSAGES, EXPORT_COLUMNS, MAX_REFRESHES, partWarnings } from '../lib/dashboard';
import {
  EMPTY_FILTERS,
  FILTERS_PREF,
  routesToSearch,
  readStoredFilters,
  toQuery,
  type StoredFilters,
} from '../lib/filters';
import { StockedCorrections } from '../lib/stocked-correction';
import { OwnChanges } from '../lib/own-changes';
import { useChangeMarks } from '../lib/use-change-marks';
import { useDashboardRefresh } from '../lib/use-dashboard-refresh';
import { searchShows } from '../lib/stop-search';
import { useStopSearch } from '../lib/use-stop-search';
import type { AttentionItem, AttentionMark } from '../lib/attention';
import { AttentionAcks } from '../lib/attention-ack';
import { AttentionPanel } from './AttentionPanel';
import { CorrectStockedDialog } from './CorrectStockedDialog';
import { DashboardFilters } from './DashboardFilters';
import { DashboardSummary } from './DashboardSummary';
import { RouteCard, type StockedAction } from './RouteCard';
import { StockedHistoryDialog } from './StockedHistoryDialog';
import { StopSearch } from './StopSearch';
import './stocking.css';
import { todayIn } from '@/components/dates';
import { CENTRAL_ZONE } from '@/lib/central-time';

type View = 'expanded' | 'collapsed';
/** Route cards rendered at once, and added each frame after (each renders its table only near the viewport). */
const CARDS_FIRST = 20;
/** How long what a Needs-attention Show jumped to stays marked (unless another is chosen first). */
export const MARK_MS = 15_000;

/** A card's own expanded state is kept per search (`search`: the Find a stop's key, '' for none). */
const toggleKey = (search: string, route: string) => (search ? `${search}\u0000${route}` : route);

/** The Stocking Real-Time Dashboard (2-fleet §2.4, §4.4): filters, then a Summary and a card per route. */
export function StockingDashboardView() {
  const { canCall } = useAccess();
  const { user } = useCurrentUser();
  const [rawStored, setStored] = usePref<unknown>(FILTERS_PREF, EMPTY_FILTERS);
  const stored = useMemo(() => readStoredFilters(rawStored), [rawStored]);
  // null: follow the stored filters (results once searched); the form while editing.
  const [draft, setDraft] = useState<StoredFilters | null>(null);
  const editing = draft !== null || !stored.searched;
  // A first visit's date is today's (Central), set here so nothing overwrites what the user types.
  const form = draft ?? (stored.dropOffDate ? stored : { ...stored, dropOffDate: todayIn(CENTRAL_ZONE) });

  const listRoutes = canCall('locationRoutes');
  const options = useRouteOptions(form.dropOffDate || undefined, listRoutes && editing);
  const query = editing ? null : toQuery(stored);
  const dash = useStockingDashboard(query);
  const data = dash.data;

  // Without access to route stops the routes come from the last answer of the same date.
  const routeOptions: RouteOption[] | undefined = listRoutes
    ? options.data
    : data && data.dropOffDate === form.dropOffDate
      ? data.routeNames.map((route) => ({ route, market: data.routes.find((r) => r.route === route)?.market ?? '' }))
      : undefined;
  const routeOptionsNote = listRoutes
    ? options.isError
      ? 'The routes of this date could not be listed. Search shows every route.'
      : undefined
    : routeOptions
      ? undefined
      : 'Search once to list the routes of this date.';

  const search = () => {
    const routes = routesToSearch(form.routes, routeOptions, form.region, form.market);
    setStored({ ...form, routes, searched: true });
    setDraft(null);
  };

  // This browser's own changes (a correction, an acknowledgement): not flashed, their events not read again.
  const [own] = useState(() => new OwnChanges());
  const shownAnswer = dash.placeholder ? undefined : data;
  // Live while connected, the 2-minute refresh otherwise; a live re-read keeps the view as it is (no remount).
  const { live, auto } = useDashboardRefresh({
    dropOffDate: query?.dropOffDate ?? null,
    board: shownAnswer,
    read: async () => {
      const result = await dash.refetch();
      return result.isError ? undefined : result.data;
    },
    own,
  });
  const [limitClosed, setLimitClosed] = useState(false);
  const marks = useChangeMarks(shownAnswer, query ? JSON.stringify(query) : null, dash.placeholder, own);

  // Find a stop (issue 61): over the answer, whether or not a card has rendered its table.
  const find = useStopSearch(data?.routes);
  const { key: findKey, result: found, clear: clearFind } = find;

  const [view, setView] = useState<View>('expanded');
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  // A search opens the cards it keeps (what it found is in view), in the Collapsed view too.
  const isExpanded = (route: string) => toggled[toggleKey(findKey, route)] ?? (findKey !== '' || view === 'expanded');
  // Stable while the search is, so a card that did not change is not rendered again (RouteCard is memoised).
  const toggle = useCallback(
    (route: string, expanded: boolean) => setToggled((t) => ({ ...t, [toggleKey(findKey, route)]: !expanded })),
    [findKey],
  );
  // What a Needs-attention item's Show jumped to: its stop's row (its card expanded first), or its route's card.
  const [marked, setMarked] = useState<AttentionMark | null>(null);
  const jumps = useRef(0);
  const show = useCallback(
    (item: AttentionItem) => {
      const target = {
        route: item.route,
        stop: item.stop,
        stockingIndex: item.stockingIndex,
        locationId: item.locationId,
      };
      // What the search hides is shown again: the jump is what the user asks to see now.
      const hidden = !searchShows(found, target);
      if (hidden) clearFind();
      if (item.stop !== null) setToggled((t) => ({ ...t, [toggleKey(hidden ? '' : findKey, item.route)]: true }));
      jumps.current += 1;
      setMarked({ ...target, seq: jumps.current });
    },
    [found, findKey, clearFind],
  );
  useEffect(() => {
    if (!marked) return;
    const timer = window.setTimeout(() => setMarked(null), MARK_MS);
    return () => window.clearTimeout(timer);
  }, [marked]);
  // A day of many routes shows its first cards at once and the rest frame by frame; a Show's card at once, with
  // those above it (they place it on the page), however far down it is.
  const progressive = useProgressive(found.routes.length, CARDS_FIRST, CARDS_FIRST);
  const markedAt = marked ? found.routes.findIndex(({ route }) => route.route === marked.route) : -1;
  const shownRoutes = Math.max(progressive, markedAt + 1);

  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => setNow(Date.now()), [dash.dataUpdatedAt]);

  // A stop's stocked history, or a supervisor's correction of its stocked record (issue 38).
  const queryClient = useQueryClient();
  const toast = useToast();
  const [stocked, setStocked] = useState<{ stop: DashboardStop; action: StockedAction } | null>(null);
  const onStocked = useCallback((stop: DashboardStop, action: StockedAction) => setStocked({ stop, action }), []);
  // Each stop's correction, kept across retries for the whole visit.
  const [corrections] = useState(() => new StockedCorrections());
  // Each Needs-attention item's acknowledgement, likewise.
  const [acks] = useState(() => new AttentionAcks());

  // The stored filters are the user's: until the user is known, neither the form nor results.
  if (!user) {
    return (
      <Flex alignItems="center" gap="0.5rem" padding="2rem 0" role="status">
        <Loader />
        <Text>Loading your filters…</Text>
      </Flex>
    );
  }

  if (editing) {
    return (
      <DashboardFilters
        value={form}
        onChange={setDraft}
        onSearch={search}
        routeOptions={routeOptions}
        routeOptionsLoading={listRoutes && options.isLoading}
        routeOptionsNote={routeOptionsNote}
      />
    );
  }

  const failure = dash.error
    ? isForbidden(dash.error)
      ? PROHIBITED_MESSAGE
      : `${DASHBOARD_MESSAGES.unhandled} ${dash.error.message}`
    : null;
  const toolbar = (
    <Flex gap="0.75rem" alignItems="center" wrap="wrap">
      <Button onClick={() => setDraft(stored)}>Update Route Filters</Button>
      <ToggleButtonGroup
        value={view}
        isExclusive
        isSelectionRequired
        size="small"
        onChange={(v) => {
          setView(v as View);
          setToggled({});
        }}
        aria-label="Cards"
      >
        <ToggleButton value="expanded">Expanded</ToggleButton>
        <ToggleButton value="collapsed">Collapsed</ToggleButton>
      </ToggleButtonGroup>
      <Button
        size="small"
        marginLeft="auto"
        // Every row or none: while some routes' rows are on their way, there is nothing whole to export.
        isDisabled={!data || data.summary.total === 0 || dash.partial}
        title={dash.partial ? 'Export CSV is ready once every route has loaded.' : undefined}
        onClick={() =>
          data &&
          download(
            `stocking-dashboard-${data.dropOffDate}.csv`,
            tableCsv(
              EXPORT_COLUMNS,
              data.routes.flatMap((r) => r.stops ?? []),
            ),
          )
        }
      >
        Export CSV
      </Button>
    </Flex>
  );

  if (!data) {
    return (
      <Flex direction="column" gap="1rem">
        {toolbar}
        {failure ? (
          <Alert variation="error" heading="The dashboard could not be loaded">
            <Flex direction="column" gap="0.5rem">
              <Text>{failure}</Text>
              <Button size="small" alignSelf="flex-start" onClick={() => void dash.refetch()}>
                Retry
              </Button>
            </Flex>
          </Alert>
        ) : (
          <Flex alignItems="center" gap="0.5rem" padding="2rem 0" role="status">
            <Loader size="large" />
            <Text>Loading the stocking dashboard for {stored.dropOffDate}…</Text>
          </Flex>
        )}
      </Flex>
    );
  }

  const warnings = partWarnings(data.parts, data.dropOffDate);
  const stopsPendingNote =
    dash.error && !dash.isFetching
      ? 'The stops of this route could not be loaded. Refresh to try again.'
      : 'Loading the stops of this route…';
  return (
    <Flex direction="column" gap="1rem">
      {toolbar}
      {auto.exhausted && !limitClosed ? (
        <Alert variation="info" isDismissible onDismiss={() => setLimitClosed(true)} role="alert">
          {DASHBOARD_MESSAGES.refreshLimit}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="warning" role="alert">
          {failure} The cards show the last answer.
        </Alert>
      ) : null}
      {warnings.map((w) => (
        <Alert key={w} variation="warning" role="alert">
          {w}
        </Alert>
      ))}
      <DashboardSummary
        dashboard={data}
        // A long day's later parts are "Loading the stops of this route…" on their cards, not a refresh.
        refreshing={dash.isFetching && !dash.partial}
        onRefresh={auto.refreshNow}
        refreshDisabledReason={
          auto.exhausted ? `The page refreshed ${MAX_REFRESHES} times: reload it to continue.` : undefined
        }
        failed={!!dash.error}
        retrying={!auto.exhausted}
        live={live.state}
        lastChangeAt={live.lastChangeAt}
        changes={marks.announcement}
        statuses={find.statuses}
        onStatus={find.toggleStatus}
      />
      <AttentionPanel
        attention={data.attention}
        dropOffDate={data.dropOffDate}
        onShow={show}
        acks={acks}
        changed={marks.items}
        now={now}
        // Taken: the next answer shows it to all (a Temperature or Unreachable item under Resolved today).
        onAcknowledged={(_result, item) => {
          own.note({
            kind: 'ACKNOWLEDGEMENT',
            route: item.route,
            locationId: item.locationId,
            stockingIndex: item.stockingIndex,
            itemKey: item.key,
          });
          if (query) void queryClient.invalidateQueries({ queryKey: stockingDashboardKey(query) });
        }}
        // Someone took it first: the next answer shows who.
        onAckRefused={(e) => {
          if (query && isConflict(e)) void queryClient.invalidateQueries({ queryKey: stockingDashboardKey(query) });
        }}
      />
      {data.routes.length === 0 ? (
        <Text padding="1rem 0">
          No route stops on {data.dropOffDate} for these filters. Use Update Route Filters to pick another date or area.
        </Text>
      ) : (
        <>
          <StopSearch
            text={find.text}
            onText={find.setText}
            statuses={find.statuses}
            result={found}
            onClear={clearFind}
          />
          {found.routes.slice(0, shownRoutes).map(({ route, stops }) => (
            <RouteCard
              key={route.route}
              route={route}
              stops={stops}
              now={now}
              expanded={isExpanded(route.route)}
              onToggle={toggle}
              stopsPendingNote={stopsPendingNote}
              onStocked={onStocked}
              marked={marked?.route === route.route ? marked : undefined}
              changed={marks.routes.get(route.route)}
            />
          ))}
        </>
      )}
      {stocked?.action === 'history' ? (
        <StockedHistoryDialog day={data.dropOffDate} stop={stocked.stop} onClose={() => setStocked(null)} />
      ) : null}
      {stocked?.action === 'correct' && stocked.stop.stockedActionId ? (
        <CorrectStockedDialog
          day={data.dropOffDate}
          stop={{ ...stocked.stop, stockedActionId: stocked.stop.stockedActionId }}
          requests={corrections}
          onCancel={() => setStocked(null)}
          onCorrected={(result) => {
            const { stop } = stocked;
            own.note({
              kind: 'ACTION',
              route: stop.routeName,
              locationId: stop.locationId,
              stockingIndex: stop.stockingIndex,
            });
            setStocked(null);
            toast.success(
              result.change === 'RETIME'
                ? `Stocked record of ${stop.locationId} re-timed to ${centralTime(result.occurredAt)} CT`
                : `Stocked record of ${stop.locationId} voided`,
            );
            if (query) void queryClient.invalidateQueries({ queryKey: stockingDashboardKey(query) });
            void queryClient.invalidateQueries({
              queryKey: stockedHistoryKey(data.dropOffDate, stop.locationId, stop.stockingIndex),
            });
          }}
        />
      ) : null}
    </Flex>
  );
}

import { Fragment, memo, useId, useMemo, useRef } from 'react';
import { Link } from 'react-router-dom';
import { PersonName } from '@/components/PersonName';
import { Button, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ProgressBar } from '@/components/ProgressBar';
import { StatusBadge } from '@/components/StatusBadge';
import { WhenNear } from '@/components/WhenNear';
import { Guard } from '@/components/Guard';
import { useAccess } from '@/lib/access/useAccess';
import { PHONE_QUERY, useMediaQuery } from '@/lib/media-query';
import type { DashboardRoute, DashboardStop } from '../lib/dashboard-types';
import {
  STOP_COLUMNS,
  STOP_ESSENTIAL,
  STOP_ESSENTIAL_PHONE,
  STOP_STATUS_LABELS,
  centralClock,
  routeGlance,
  statusTone,
  stopStatusLabel,
  timeSince,
} from '../lib/dashboard';
import { marksStop, type AttentionMark } from '../lib/attention';
import { stopRowId } from '../lib/live-changes';
import { useAttentionMark } from '../lib/use-attention-mark';
import { ChangedTag } from './ChangedTag';
import './attention.css';

/** What a row's stocked cell offers: the stop's stocked history, and a supervisor's correction. */
export type StockedAction = 'history' | 'correct';
export type OnStocked = (stop: DashboardStop, action: StockedAction) => void;

/** The screens a stop's location links to, best first: Fridge Health, else Location Detail. */
const LOCATION_SCREENS = ['/locations/health', '/locations/detail'] as const;
type LocationScreen = (typeof LOCATION_SCREENS)[number];

function stopColumns(
  onStocked: OnStocked | undefined,
  changed: ReadonlySet<string> | undefined,
  phone: boolean,
  locationScreen: LocationScreen | undefined,
): DataColumn<DashboardStop>[] {
  return STOP_COLUMNS.map((c) => {
    if (c.id === 'stop' && phone)
      return {
        ...c,
        // A phone folds the row to its stop, status and driver (DataTable): the stop says where it is too.
        width: '7rem',
        cell: (s: DashboardStop) => (
          <span className="stop-cell">
            {s.stop}
            <span className="stop-cell-location" title={s.locationName ?? undefined}>
              {s.locationId}
            </span>
          </span>
        ),
      };
    if (c.id === 'vendingState')
      return {
        ...c,
        // A long state (PRODUCT_UNDER_ELEVATOR) wraps after its underscores, not inside its words.
        cell: (s: DashboardStop) => breakAfterUnderscores(s.vendingStateLabel ?? s.vendingState ?? ''),
      };
    if (c.id === 'location')
      return {
        ...c,
        cell: (s: DashboardStop) =>
          locationScreen ? (
            <Link to={`${locationScreen}/${encodeURIComponent(s.locationId)}`} title={s.locationName ?? undefined}>
              {s.locationId}
            </Link>
          ) : (
            <span title={s.locationName ?? undefined}>{s.locationId}</span>
          ),
      };
    if (c.id === 'status')
      return {
        ...c,
        // In words ('Not Started'); the CSV keeps the server's label. A row a read just changed says so here,
        // in the column that stays in view at every width.
        cell: (s: DashboardStop) =>
          changed?.has(stopRowId(s)) ? (
            <span className="status-cell">
              <StatusBadge status={s.status} labels={STOP_STATUS_LABELS} tone={statusTone(s.status)} />
              <ChangedTag />
            </span>
          ) : (
            <StatusBadge status={s.status} labels={STOP_STATUS_LABELS} tone={statusTone(s.status)} />
          ),
      };
    if (c.id === 'driver') return { ...c, cell: (s: DashboardStop) => <DriverCell stop={s} /> };
    if (c.id === 'stockedAt' && onStocked)
      return {
        ...c,
        cell: (s: DashboardStop) => (
          // A plain span, not a Flex: a long day has thousands of these cells.
          <span className="stocked-cell">
            {s.stockedAt ? <span>{centralClock(s.stockedAt)}</span> : null}
            <Button
              size="small"
              variation="link"
              aria-label={`Stocked history of ${s.locationId}`}
              onClick={() => onStocked(s, 'history')}
            >
              History
            </Button>
            {s.stockedActionId ? (
              // Only a supervisor (SuperviseStocking) voids or re-times a stocked record.
              <Guard call="correctLocationStocked" hide>
                {() => (
                  <Button
                    size="small"
                    aria-label={`Correct stocked of ${s.locationId}`}
                    onClick={() => onStocked(s, 'correct')}
                  >
                    Correct
                  </Button>
                )}
              </Guard>
            ) : null}
          </span>
        ),
      };
    return c;
  });
}

/** The Driver column's cell: people by name, each e-mail in a tooltip (the text is `driverShown`'s). */
function DriverCell({ stop: s }: { stop: DashboardStop }) {
  if (!s.driver) return null;
  const driver = <PersonName name={s.driver} email={s.driverEmail} />;
  if (!s.notAssignee) return driver;
  return (
    <>
      {driver} (not the assignee
      {s.assignedDriver ? (
        <>
          , <PersonName name={s.assignedDriver} email={s.assignedDriverEmail} />
        </>
      ) : null}
      )
    </>
  );
}

/** A code's words, each '_' followed by a line-break opportunity (the text, and what is copied, unchanged). */
function breakAfterUnderscores(code: string) {
  const parts = code.split('_');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          _<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

export interface RouteCardProps {
  route: DashboardRoute;
  expanded: boolean;
  /** Called with the route and whether it is expanded now; stable, so an unchanged card is not rendered again. */
  onToggle: (route: string, expanded: boolean) => void;
  /** The clock the 'Last action' text is read against (ticks on the page). */
  now: number;
  /** What a card whose stops the answer left out says (they are on their way, or their read failed). */
  stopsPendingNote?: string;
  /** Opens a stop's stocked history or correction; stable, like onToggle. Without it the cell is the time alone. */
  onStocked?: OnStocked;
  /**
   * What a Needs-attention item's Show jumped to on this card: a stop (its row is highlighted, scrolled to and
   * marked aria-current once rendered) or, without a stop, the card. Only the card it names gets it.
   */
  marked?: AttentionMark;
  /**
   * What a read just changed on this card (issue 61): the changed rows' ids (stopRowId), marked for a while; an
   * empty set when only the card's progress changed. Undefined for a card that did not change.
   */
  changed?: ReadonlySet<string>;
  /**
   * The stops a Find a stop keeps (issue 61), in the table instead of all the route's; the count line says how
   * many of the route's they are. Undefined: every stop. The card's progress stays the whole route's.
   */
  stops?: DashboardStop[];
}

/** A stop row's accessible name (DataTable's row label): how tests, screen readers and a jump find it. */
export const stopRowName = (s: Pick<DashboardStop, 'stop' | 'locationId'>) => `Stop ${s.stop} ${s.locationId}`;

/** One route of the dashboard: its progress, the time since its last action, and its stops. */
export const RouteCard = memo(function RouteCard({
  route,
  expanded,
  onToggle,
  now,
  stopsPendingNote,
  onStocked,
  marked,
  changed,
  stops: kept,
}: RouteCardProps) {
  const bodyId = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  // A location links to the first of its screens the user may open, so no link leads to a refusal; none: plain text.
  const { canOpen } = useAccess();
  const locationScreen = LOCATION_SCREENS.find((screen) => canOpen(screen));
  const columns = useMemo(
    () => stopColumns(onStocked, changed, phone, locationScreen),
    [onStocked, changed, phone, locationScreen],
  );
  const cardRef = useRef<HTMLDivElement>(null);
  // The rows the table shows: those a search keeps, or all.
  const rows = route.stops && (kept ?? route.stops);
  // The marked stop's row: undefined while the rows are on their way; the card when the stop is not on it.
  const markedRow = useMemo(() => {
    if (!marked || marked.stop === null) return null;
    if (!rows) return undefined;
    const stop = rows.find((s) => marksStop(marked, s));
    return stop ? stopRowName(stop) : null;
  }, [marked, rows]);
  useAttentionMark(cardRef, marked, markedRow, rows, expanded);
  return (
    <View
      ref={cardRef}
      as="section"
      aria-label={`Route ${route.route}`}
      className="route-card"
      padding="1rem"
      backgroundColor="background.primary"
      borderRadius="6px"
      style={{ border: '1px solid var(--amplify-colors-border-secondary)' }}
      // An attribute, not a class: the Show's mark adds its own class to this element (useAttentionMark).
      data-changed={changed ? 'true' : undefined}
    >
      <Flex justifyContent="space-between" alignItems="flex-start" gap="1rem" wrap="wrap">
        <Flex direction="column" gap="0.25rem" flex="1 1 16rem" minWidth="0">
          <Heading level={2} fontSize="large">
            Route {route.route}
            {route.market ? (
              <Text as="span" fontSize="small" color="font.secondary" fontWeight="normal">
                {' '}
                · {route.market}
              </Text>
            ) : null}
            {changed ? (
              <>
                {' '}
                <ChangedTag />
              </>
            ) : null}
          </Heading>
          <ProgressBar label={`Route ${route.route} done`} value={route.done} max={route.total} unit="stops" />
          <Text fontSize="small" color="font.secondary">
            {timeSince(route.lastActionAt, now)}
          </Text>
          {!expanded && route.stops ? <Glance route={route.route} stops={route.stops} /> : null}
        </Flex>
        <Button
          size="small"
          onClick={() => onToggle(route.route, expanded)}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} route ${route.route}`}
        >
          {expanded ? 'Collapse' : 'Expand'}
        </Button>
      </Flex>
      <View id={bodyId} hidden={!expanded} marginTop="0.75rem">
        {expanded && route.stops === null ? (
          <Text role="status" fontSize="small" color="font.secondary">
            {stopsPendingNote}
          </Text>
        ) : expanded ? (
          // A day of 125 routes: only the tables near the viewport render (the card above each always does); the
          // card a Show jumps to renders its table at once, wherever it is.
          <WhenNear estimate={`${route.total * 44 + 130}px`} eager={marked !== undefined}>
            <DataTable
              data={rows ?? []}
              total={kept ? route.stops?.length : undefined}
              columns={columns}
              getRowId={stopRowId}
              label={`Route ${route.route} stops`}
              exportFileName={`route-${route.route}-stops.csv`}
              noun="stops"
              filter={false}
              initialSort={{ id: 'stop' }}
              essential={phone ? STOP_ESSENTIAL_PHONE : STOP_ESSENTIAL}
              // Every column of the spec fits at 1440 px; narrower, the others scroll under the pinned ones.
              fixedLayout
              row={{
                label: stopRowName,
                // A Show's mark first; a change's tint goes with its 'Changed' tag.
                highlight: (s) => (marksStop(marked, s) ? 'info' : changed?.has(stopRowId(s)) ? 'warning' : undefined),
              }}
              height="none"
            />
          </WhenNear>
        ) : null}
      </View>
    </View>
  );
});

/** A collapsed card's line: the route's stops by status (in words) and its driver. */
function Glance({ route, stops }: { route: string; stops: DashboardStop[] }) {
  const { counts, drivers } = routeGlance(stops);
  return (
    <Flex direction="column" gap="0.25rem">
      <ul aria-label={`Stops of route ${route} by status`} className="status-counts route-glance">
        {counts.map((c) => (
          <li key={c.status}>
            <StatusBadge tone={statusTone(c.status)}>
              {stopStatusLabel(c.status)}: {c.count}
            </StatusBadge>
          </li>
        ))}
      </ul>
      <Text fontSize="small">{drivers.length ? `Driver: ${drivers.join(', ')}` : 'No driver yet'}</Text>
    </Flex>
  );
}

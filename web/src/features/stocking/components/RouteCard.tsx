import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import { Button, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { ProgressBar } from '@/components/ProgressBar';
import { StatusBadge } from '@/components/StatusBadge';
import { WhenNear } from '@/components/WhenNear';
import type { DashboardRoute, DashboardStop } from '../api/stocking-dashboard';
import { STOP_COLUMNS, statusTone, timeSince } from '../lib/dashboard';

const COLUMNS: DataColumn<DashboardStop>[] = STOP_COLUMNS.map((c) => {
  if (c.id === 'location')
    return {
      ...c,
      cell: (s: DashboardStop) => (
        <Link to={`/locations/health/${encodeURIComponent(s.locationId)}`} title={s.locationName ?? undefined}>
          {s.locationId}
        </Link>
      ),
    };
  if (c.id === 'status')
    return { ...c, cell: (s: DashboardStop) => <StatusBadge tone={statusTone(s.status)}>{s.statusLabel}</StatusBadge> };
  return c;
});

export interface RouteCardProps {
  route: DashboardRoute;
  expanded: boolean;
  /** Called with the route and whether it is expanded now; stable, so an unchanged card is not rendered again. */
  onToggle: (route: string, expanded: boolean) => void;
  /** The clock the 'Last action' text is read against (ticks on the page). */
  now: number;
  /** What a card whose stops the answer left out says (they are on their way, or their read failed). */
  stopsPendingNote?: string;
}

/** One route of the dashboard: its progress, the time since its last action, and its stops. */
export const RouteCard = memo(function RouteCard({ route, expanded, onToggle, now, stopsPendingNote }: RouteCardProps) {
  const bodyId = useId();
  return (
    <View
      as="section"
      aria-label={`Route ${route.route}`}
      className="route-card"
      padding="1rem"
      backgroundColor="background.primary"
      borderRadius="6px"
      style={{ border: '1px solid var(--amplify-colors-border-secondary)' }}
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
          </Heading>
          <ProgressBar label={`Route ${route.route} done`} value={route.done} max={route.total} unit="stops" />
          <Text fontSize="small" color="font.secondary">
            {timeSince(route.lastActionAt, now)}
          </Text>
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
          // A day of 125 routes: only the tables near the viewport render (the card above each always does).
          <WhenNear estimate={`${route.total * 44 + 130}px`}>
            <DataTable
              data={route.stops ?? []}
              columns={COLUMNS}
              getRowId={(s) => `${s.stop}#${s.stockingIndex}#${s.locationId}`}
              label={`Route ${route.route} stops`}
              exportFileName={`route-${route.route}-stops.csv`}
              noun="stops"
              filter={false}
              initialSort={{ id: 'stop' }}
              rowLabel={(s) => `Stop ${s.stop} ${s.locationId}`}
              height="none"
            />
          </WhenNear>
        ) : null}
      </View>
    </View>
  );
});

import { Alert, Button } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { parseAwsJson } from '@/lib/api';
import { displayValue } from '@/lib/display-value';
import { useFridgeEvents, type FridgeEvent } from '../api/get-fridge-events';
import { useFridgeSegmentEvents, type SegmentEvent } from '../api/get-fridge-segment-events';
import { HEALTH_MESSAGES } from '../lib/health-rules';
import { centralTime } from '@/lib/central-time';

interface Pages<T> {
  data?: { pages: { items: T[] }[] };
  isError: boolean;
  isPending: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
}

function MoreButton<T>({ q }: { q: Pages<T> }) {
  if (!q.hasNextPage) return null;
  return (
    <Button size="small" onClick={() => void q.fetchNextPage()} isLoading={q.isFetchingNextPage} loadingText="Loading…">
      Load more
    </Button>
  );
}

const EVENT_COLUMNS: DataColumn<FridgeEvent>[] = [
  { id: 'time', header: 'Time (CT)', value: (e) => centralTime(e.timestamp), width: '13rem' },
  { id: 'type', header: 'Event type', value: (e) => e.eventType },
];

/** The fridge's checkpoint events, newest first (times in Central). */
export function FridgeEventsTable({ locationId }: { locationId: string }) {
  const q = useFridgeEvents(locationId);
  if (q.isError) return <Alert variation="error">{HEALTH_MESSAGES.healthLoadFailed}</Alert>;
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <DataTable
      label="Fridge events"
      noun="events"
      data={rows}
      columns={EVENT_COLUMNS}
      getRowId={(e) => `${e.timestamp}#${e.eventType}`}
      loading={q.isPending || q.isFetchingNextPage}
      emptyMessage="No fridge events."
      filter={false}
      height="320px"
      row={{ height: 36 }}
      toolbar={<MoreButton q={q} />}
      exportFileName={`fridge-events-${locationId}.csv`}
    />
  );
}

/** The payload as a person reads it ('total: 7.5, items: 2'), not raw JSON (AWSJSON comes as text). */
export function payloadText(payload: unknown): string {
  if (payload === null || payload === undefined) return '';
  return displayValue(parseAwsJson(payload));
}

const SEGMENT_COLUMNS: DataColumn<SegmentEvent>[] = [
  { id: 'date', header: 'Date (CT)', value: (e) => centralTime(e.date), width: '13rem' },
  { id: 'type', header: 'Event type', value: (e) => e.eventType, width: '11rem' },
  {
    id: 'payload',
    header: 'Payload',
    value: (e) => payloadText(e.payload),
    cell: (e) => {
      const text = payloadText(e.payload);
      return (
        <span
          title={text}
          style={{
            display: 'inline-block',
            maxWidth: '40rem',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            verticalAlign: 'middle',
          }}
        >
          {text}
        </span>
      );
    },
  },
];

/** The fridge's segment events (sessionStarted, productListViewed, purchaseCompleted, pickupAccepted) in America/Chicago time. */
export function SegmentEventsTable({ locationId }: { locationId: string }) {
  const q = useFridgeSegmentEvents(locationId);
  if (q.isError) return <Alert variation="error">{HEALTH_MESSAGES.healthLoadFailed}</Alert>;
  const rows = q.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <DataTable
      label="Segment events"
      noun="events"
      data={rows}
      columns={SEGMENT_COLUMNS}
      getRowId={(e) => `${e.date}#${e.eventType}#${payloadText(e.payload)}`}
      loading={q.isPending || q.isFetchingNextPage}
      emptyMessage="No segment events."
      filter={{ label: 'Filter segment events' }}
      height="320px"
      row={{ height: 36 }}
      toolbar={<MoreButton q={q} />}
      exportFileName={`segment-events-${locationId}.csv`}
    />
  );
}

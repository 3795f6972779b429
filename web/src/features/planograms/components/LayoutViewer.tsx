import { useMemo } from 'react';
import { Alert, Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { StatusBadge } from '@/components/StatusBadge';
import { errorMessage, isForbidden, PROHIBITED_MESSAGE } from '@/lib/api';
import { usePlanogramNames } from '@/lib/locations/get-name-lists';
import { usePlanogram, type Planogram } from '../api/get-planogram';
import { byTextCaseless } from '@/lib/collate';

type Slot = Planogram['slots'][number];
type Upcoming = Planogram['upcoming'][number];

const failure = (err: unknown, fallback: string) =>
  isForbidden(err) ? PROHIBITED_MESSAGE : errorMessage(err, fallback);

const SLOT_COLUMNS: DataColumn<Slot>[] = [
  { id: 'slot', header: 'Slot', width: '6rem', value: (s) => s.slot },
  { id: 'item', header: 'Item', value: (s) => s.vendItemName },
  { id: 'config', header: 'Physical config', value: (s) => s.physicalFridgeConfig },
  { id: 'since', header: 'Active since (Central)', value: (s) => s.activeHourCentral ?? s.activeHour },
  { id: 'by', header: 'Updated by', value: (s) => s.updatedBy },
];

const UPCOMING_COLUMNS: DataColumn<Upcoming>[] = [
  { id: 'slot', header: 'Slot', width: '6rem', value: (u) => u.slot },
  { id: 'item', header: 'Item', value: (u) => u.vendItemName },
  { id: 'hour', header: 'Active hour (Central)', value: (u) => u.activeHourCentral ?? u.activeHour },
  { id: 'user', header: 'Scheduled by', value: (u) => u.user },
  {
    id: 'status',
    header: 'Status',
    width: '8rem',
    value: (u) => u.status,
    cell: (u) => <StatusBadge title={u.failureReason ?? undefined}>{u.status}</StatusBadge>,
  },
  { id: 'reason', header: 'Failure reason', value: (u) => u.failureReason },
];

export interface LayoutViewerProps {
  layout: string;
  onLayout: (layout: string) => void;
}

/** A layout's current slots and its upcoming scheduled changes (times in Central), each exportable as CSV. */
export function LayoutViewer({ layout, onLayout }: LayoutViewerProps) {
  const names = usePlanogramNames();
  const planogram = usePlanogram(layout);
  const sorted = useMemo(() => [...(names.data ?? [])].sort(byTextCaseless), [names.data]);
  const data = planogram.data;
  const file = layout.replace(/[^A-Za-z0-9_-]+/g, '-');

  return (
    <Flex direction="column" gap="1rem">
      {names.isError ? (
        <Alert variation="error">{failure(names.error, 'The layout names could not be loaded.')}</Alert>
      ) : null}
      <Flex alignItems="flex-end" gap="1rem" wrap="wrap">
        <SelectField
          label="Layout"
          placeholder={names.isLoading ? 'Loading layouts…' : 'Choose a layout'}
          value={layout}
          onChange={(e) => onLayout(e.target.value)}
          isDisabled={names.isLoading}
          width="24rem"
        >
          {sorted.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectField>
        <Button
          onClick={() => void planogram.refetch()}
          isDisabled={!layout || planogram.isFetching}
          isLoading={planogram.isFetching && !!data}
          loadingText="Refreshing…"
        >
          Refresh
        </Button>
      </Flex>
      {planogram.isError ? (
        <Alert variation="error" role="alert">
          {failure(planogram.error, 'The layout could not be loaded.')}
        </Alert>
      ) : null}
      {layout && !planogram.isError ? (
        <>
          <Heading level={3} fontSize="large">
            Current slots
          </Heading>
          <DataTable
            label="Current slots"
            data={data?.slots ?? []}
            columns={SLOT_COLUMNS}
            getRowId={(s) => s.slot}
            loading={planogram.isFetching}
            noun="slots"
            filter={{ label: 'Filter slots' }}
            emptyMessage="This layout has no slots."
            height="50vh"
            exportFileName={`planogram-${file}-slots.csv`}
          />
          <Heading level={3} fontSize="large">
            Upcoming changes
          </Heading>
          <DataTable
            label="Upcoming changes"
            data={data?.upcoming ?? []}
            columns={UPCOMING_COLUMNS}
            getRowId={(u) => `${u.slot}@${u.activeHour}`}
            loading={planogram.isFetching}
            noun="changes"
            filter={{ label: 'Filter changes' }}
            emptyMessage="No changes are scheduled for this layout."
            height="50vh"
            row={{ highlight: (u) => (u.status === 'FAILED' ? 'error' : undefined) }}
            exportFileName={`planogram-${file}-upcoming.csv`}
          />
        </>
      ) : null}
      {!layout ? <Text color="font.secondary">Choose a layout to see its slots and scheduled changes.</Text> : null}
    </Flex>
  );
}

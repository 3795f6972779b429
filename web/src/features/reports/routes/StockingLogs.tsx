import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flex, SelectField } from '@aws-amplify/ui-react';
import { Page } from '@/components/Page';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { centralTime } from '@/lib/central-time';
import { getDriverEmails } from '../api/get-driver-emails';
import { getDriverLog } from '../api/get-driver-log';
import { RangeReport, type RangeFilters } from '../components/RangeReport';
import { FridgeLink } from '../components/ReportParts';
import { distinct, logRows, REPORTS, type EpochRange, type LogEntry, type LogRow } from '../lib/report-rules';

const ALL_USERS = 'All Users in this time range';
const ALL_FRIDGES = 'All Fridges in this time range';
/** The filters' defaults: every user, every fridge. */
const LOG_FILTERS = { user: '', fridge: '' };

const columns: DataColumn<LogRow>[] = [
  { id: 'user', header: 'User', value: (r) => r.user },
  {
    id: 'fridge',
    header: 'Fridge',
    value: (r) => r.fridge,
    cell: (r) => (r.fridge ? <FridgeLink id={r.fridge} /> : ''),
  },
  { id: 'operation', header: 'Operation', value: (r) => r.operation },
  { id: 'request', header: 'Request Time (CT)', value: (r) => centralTime(r.requestTime) },
  { id: 'response', header: 'Response Time (CT)', value: (r) => centralTime(r.responseTime) },
  {
    id: 'error',
    header: 'Error message',
    value: (r) => (r.error ? REPORTS.errorRow : ''),
    cell: (r) => (r.error ? <span title={r.detail}>{REPORTS.errorRow}</span> : ''),
  },
];

interface LogsProps {
  entries: LogEntry[];
  refreshing: boolean;
  range: EpochRange;
  filters: RangeFilters<typeof LOG_FILTERS>;
}

function Logs({ entries, refreshing, range, filters }: LogsProps) {
  // Users are shown by e-mail; an unknown id shows as itself. Only the e-mails of the users in
  // these rows are asked for, in the range they were loaded for (the server answers only the
  // callers in that range's log), not the whole directory.
  const ids = useMemo(() => distinct(entries.map((e) => e.uuid)), [entries]);
  const emails = useQuery({
    queryKey: ['reports', 'driver-emails', range.start, range.end, ids],
    queryFn: () => getDriverEmails(range, ids),
    enabled: ids.length > 0,
    // While later pages add users, the names already known stay shown.
    placeholderData: keepPreviousData,
    retry: 1,
  });
  const rows = useMemo(() => logRows(entries, emails.data ?? {}), [entries, emails.data]);
  const { user, fridge } = filters.values;
  const shown = rows.filter((r) => (!user || r.user === user) && (!fridge || r.fridge === fridge));
  return (
    <Flex direction="column" gap="0.75rem">
      <Flex gap="1rem" wrap="wrap">
        <SelectField label="User" value={user} onChange={(e) => filters.set('user', e.target.value)} width="18rem">
          <option value="">{ALL_USERS}</option>
          {distinct(rows.map((r) => r.user)).map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Fridge"
          value={fridge}
          onChange={(e) => filters.set('fridge', e.target.value)}
          width="18rem"
        >
          <option value="">{ALL_FRIDGES}</option>
          {distinct(rows.map((r) => r.fridge)).map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
      </Flex>
      <DataTable
        data={shown}
        total={rows.length}
        columns={columns}
        getRowId={(r) => r.key}
        row={{
          label: (r) => `${r.operation} at ${r.fridge || 'no fridge'}, ${centralTime(r.requestTime || r.responseTime)}`,
          highlight: (r) => (r.error ? 'error' : undefined),
        }}
        label="Stocking logs"
        exportFileName="stocking-logs.csv"
        noun="requests"
        loading={refreshing}
        emptyMessage={REPORTS.noData}
        filter={filters.table}
      />
    </Flex>
  );
}

/** /reports/stockinglogs — the driver app's requests and their answers (3-planning §2). */
export default function StockingLogs() {
  return (
    <Page title="Stocking Logs">
      <RangeReport name="stocking-logs" noun="stocking logs" fetch={getDriverLog} filters={LOG_FILTERS}>
        {(entries, refreshing, range, filters) => (
          <Logs entries={entries} refreshing={refreshing} range={range} filters={filters} />
        )}
      </RangeReport>
    </Page>
  );
}

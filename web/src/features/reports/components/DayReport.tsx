import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { CENTRAL_ZONE } from '@/lib/central-time';
import { distinct } from '../lib/report-rules';
import { LoadFailure, Loading } from './ReportParts';
import { todayIn } from '@/components/dates';
import { parseStockingDate, type StockingDate } from '@/lib/brands';
import { useSearchState } from '@/lib/search-state';

export interface DayReportProps<T> {
  /** The query key's stem and the CSV file's name. */
  name: string;
  /** What the rows are, for the count line and the loading text. */
  noun: string;
  fetch: (date: StockingDate) => Promise<T[]>;
  columns: DataColumn<T>[];
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
  /** The row's route and market, for the filters. */
  route: (row: T) => string | null;
  market: (row: T) => string | null;
}

/** A day report's place in its address: the day searched (none: not yet) and its route and market filters. */
const DAY_REPORT_ADDRESS = { date: '', route: '', market: '', filter: '' };

/** A report of one Central day: a date (today by default), Search, and the day's rows. */
export function DayReport<T>({ name, noun, fetch, columns, rowId, rowLabel, route, market }: DayReportProps<T>) {
  // The day searched and the filters live in the address: Back from a fridge's page opens the same report.
  const [where, setWhere] = useSearchState(DAY_REPORT_ADDRESS);
  const searched = parseStockingDate(where.date);
  const [date, setDate] = useState(() => searched ?? todayIn(CENTRAL_ZONE));
  const chosen = parseStockingDate(date);
  const routeFilter = where.route;
  const marketFilter = where.market;
  const query = useQuery({
    queryKey: ['reports', name, searched],
    queryFn: () => fetch(searched!),
    enabled: searched !== null,
    retry: false,
  });
  return (
    <Flex direction="column" gap="1rem">
      <form
        aria-label={`${noun} date`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!chosen) return;
          // Another day's routes and markets are not this one's.
          if (chosen !== where.date) {
            setWhere('route', '');
            setWhere('market', '');
          }
          setWhere('date', chosen);
        }}
      >
        <Flex alignItems="flex-end" gap="1rem" wrap="wrap">
          <DatePicker label="Date" value={date} onChange={setDate} timeZoneLabel="CT" />
          <Button type="submit" variation="primary" isDisabled={!chosen}>
            Search
          </Button>
        </Flex>
      </form>
      {searched === null ? null : query.isLoading ? (
        <Loading loaded={0} what={noun} />
      ) : query.isError ? (
        <LoadFailure key={searched} error={query.error} />
      ) : (
        <Flex direction="column" gap="0.75rem">
          <Flex gap="1rem" wrap="wrap">
            <SelectField
              label="Route"
              value={routeFilter}
              onChange={(e) => setWhere('route', e.target.value)}
              width="14rem"
            >
              <option value="">All routes</option>
              {distinct((query.data ?? []).map(route)).map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Market"
              value={marketFilter}
              onChange={(e) => setWhere('market', e.target.value)}
              width="14rem"
            >
              <option value="">All markets</option>
              {distinct((query.data ?? []).map(market)).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </SelectField>
          </Flex>
          <DataTable
            data={(query.data ?? []).filter(
              (r) => (!routeFilter || route(r) === routeFilter) && (!marketFilter || market(r) === marketFilter),
            )}
            total={query.data?.length}
            columns={columns}
            getRowId={rowId}
            row={{ label: rowLabel }}
            label={`${noun} of ${searched}`}
            exportFileName={`${name}-${searched}.csv`}
            noun={noun}
            loading={query.isFetching}
            emptyMessage={`No ${noun} on ${searched}.`}
            filter={{ value: where.filter, onChange: (text) => setWhere('filter', text) }}
          />
        </Flex>
      )}
    </Flex>
  );
}

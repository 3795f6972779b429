import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from '@aws-amplify/ui-react';
import { DataTable, type DataColumn } from '@/components/DataTable';
import { DatePicker } from '@/components/DatePicker';
import { CENTRAL_ZONE } from '@/lib/central-time';
import { LoadFailure, Loading } from './ReportParts';

export interface DayReportProps<T> {
  /** The query key's stem and the CSV file's name. */
  name: string;
  /** What the rows are, for the count line and the loading text. */
  noun: string;
  fetch: (date: string) => Promise<T[]>;
  columns: DataColumn<T>[];
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
}

/** A report of one Central day: a date (today by default), Search, and the day's rows. */
export function DayReport<T>({ name, noun, fetch, columns, rowId, rowLabel }: DayReportProps<T>) {
  const [date, setDate] = useState<string | undefined>(undefined);
  const [searched, setSearched] = useState<string | null>(null);
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
          if (date) setSearched(date);
        }}
      >
        <Flex alignItems="flex-end" gap="1rem" wrap="wrap">
          <DatePicker label="Date" value={date} onChange={setDate} timeZone={CENTRAL_ZONE} timeZoneLabel="CT" />
          <Button type="submit" variation="primary" isDisabled={!date}>
            Search
          </Button>
        </Flex>
      </form>
      {searched === null ? null : query.isLoading ? (
        <Loading loaded={0} what={noun} />
      ) : query.isError ? (
        <LoadFailure key={searched} error={query.error} />
      ) : (
        <DataTable
          data={query.data ?? []}
          columns={columns}
          getRowId={rowId}
          rowLabel={rowLabel}
          label={`${noun} of ${searched}`}
          exportFileName={`${name}-${searched}.csv`}
          noun={noun}
          loading={query.isFetching}
          emptyMessage={`No ${noun} on ${searched}.`}
        />
      )}
    </Flex>
  );
}

import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from '@aws-amplify/ui-react';
import { DateTimeRange } from '@/components/DateTimeRange';
import type { DateTimeRangeValue } from '@/components/dates';
import { CENTRAL_ZONE } from '@/lib/central-time';
import { checkRange, type EpochRange } from '../lib/report-rules';
import { LoadFailure, Loading } from './ReportParts';

export interface RangeReportProps<T> {
  name: string;
  noun: string;
  /** Every page of the range; `onRows` gets the rows so far after each page but the last. */
  fetch: (range: EpochRange, onRows: (rows: T[]) => void) => Promise<T[]>;
  /** The loaded rows' view (filters and table); `refreshing` while pages are still coming. */
  children: (rows: T[], refreshing: boolean, range: EpochRange) => ReactNode;
}

/**
 * A report of a time range: From and To in Central, 'Fetch Data', every page with progress. The
 * first page is shown as soon as it arrives; the table fills in as the others do.
 */
export function RangeReport<T>({ name, noun, fetch, children }: RangeReportProps<T>) {
  const [value, setValue] = useState<DateTimeRangeValue>({ start: '', end: '' });
  const [range, setRange] = useState<EpochRange | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [partial, setPartial] = useState<T[]>([]);
  const query = useQuery({
    queryKey: ['reports', name, range],
    queryFn: () => {
      setPartial([]);
      return fetch(range!, setPartial);
    },
    enabled: range !== null,
    retry: false,
  });
  return (
    <Flex direction="column" gap="1rem">
      <form
        aria-label={`${noun} time range`}
        onSubmit={(e) => {
          e.preventDefault();
          const checked = checkRange(value.start, value.end);
          if ('problem' in checked) {
            setProblem(checked.problem);
            return;
          }
          setProblem(null);
          setRange(checked.range);
        }}
      >
        <Flex alignItems="flex-end" gap="1rem" wrap="wrap">
          <DateTimeRange
            legend="Time range"
            value={value}
            onChange={setValue}
            timeZone={CENTRAL_ZONE}
            timeZoneLabel="CT"
            hasError={problem !== null}
            errorMessage={problem ?? undefined}
          />
          <Button type="submit" variation="primary">
            Fetch Data
          </Button>
        </Flex>
      </form>
      {range === null ? null : query.isLoading ? (
        <>
          <Loading loaded={partial.length} what={noun} />
          {partial.length > 0 ? children(partial, true, range) : null}
        </>
      ) : query.isError ? (
        <LoadFailure key={`${range.start}-${range.end}`} error={query.error} />
      ) : (
        children(query.data ?? [], query.isFetching, range)
      )}
    </Flex>
  );
}

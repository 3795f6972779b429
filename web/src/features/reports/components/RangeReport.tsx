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
  fetch: (range: EpochRange, onProgress: (loaded: number) => void) => Promise<T[]>;
  /** The loaded rows' view (filters and table). */
  children: (rows: T[], refreshing: boolean, range: EpochRange) => ReactNode;
}

/** A report of a time range: From and To in Central, 'Fetch Data', every page with progress. */
export function RangeReport<T>({ name, noun, fetch, children }: RangeReportProps<T>) {
  const [value, setValue] = useState<DateTimeRangeValue>({ start: '', end: '' });
  const [range, setRange] = useState<EpochRange | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(0);
  const query = useQuery({
    queryKey: ['reports', name, range],
    queryFn: () => {
      setLoaded(0);
      return fetch(range!, setLoaded);
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
        <Loading loaded={loaded} what={noun} />
      ) : query.isError ? (
        <LoadFailure key={`${range.start}-${range.end}`} error={query.error} />
      ) : (
        children(query.data ?? [], query.isFetching, range)
      )}
    </Flex>
  );
}

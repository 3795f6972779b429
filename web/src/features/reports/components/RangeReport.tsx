import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from '@aws-amplify/ui-react';
import { DateTimeRange } from '@/components/DateTimeRange';
import type { DateTimeRangeValue } from '@/components/dates';
import { CENTRAL_ZONE } from '@/lib/central-time';
import { useSearchState } from '@/lib/search-state';
import { checkRange, orderProblem, type EpochRange } from '../lib/report-rules';
import { LoadFailure, Loading } from './ReportParts';

/** A report's own filters (each '' for all), kept in the address with its range. */
export interface RangeFilters<F extends Record<string, string>> {
  values: F;
  set: (key: keyof F & string, value: string) => void;
  /** The table's text filter (`filter` on its DataTable): kept across ranges. */
  table: { value: string; onChange: (text: string) => void };
}

export interface RangeReportProps<T, F extends Record<string, string>> {
  name: string;
  noun: string;
  /** Every page of the range; `onRows` gets the rows so far after each page but the last. */
  fetch: (range: EpochRange, onRows: (rows: T[]) => void) => Promise<T[]>;
  /** The defaults of the report's filters: a module-level constant. */
  filters: F;
  /** The loaded rows' view (filters and table); `refreshing` while pages are still coming. */
  children: (rows: T[], refreshing: boolean, range: EpochRange, filters: RangeFilters<F>) => ReactNode;
}

/**
 * A report of a time range: From and To in Central, 'Fetch Data', every page with progress. The
 * first page is shown as soon as it arrives; the table fills in as the others do. The range fetched
 * and the report's filters live in the address (`?from=…&to=…&user=…&filter=…`): Back from a fridge's
 * page, a reload or a shared link shows the same rows. A new range clears the report's own filters,
 * whose choices are "in this time range"; the table's text filter stays.
 */
export function RangeReport<T, F extends Record<string, string>>({
  name,
  noun,
  fetch,
  filters,
  children,
}: RangeReportProps<T, F>) {
  const defaults = useMemo(() => ({ from: '', to: '', filter: '', ...filters }), [filters]);
  const [where, setWhere] = useSearchState(defaults);
  const [value, setValue] = useState<DateTimeRangeValue>({ start: where.from, end: where.to });
  // What the address asks for: checked as a submitted range is (an old link may be past the rows kept).
  const asked = where.from && where.to ? checkRange(where.from, where.to) : null;
  const range = asked && 'range' in asked ? asked.range : null;
  const [problem, setProblem] = useState<string | null>(asked && 'problem' in asked ? asked.problem : null);
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
  const chosen: RangeFilters<F> = {
    values: where as F,
    set: setWhere,
    table: { value: where.filter, onChange: (text) => setWhere('filter', text) },
  };
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
          if (value.start !== where.from || value.end !== where.to)
            for (const key of Object.keys(filters)) setWhere(key, '');
          setWhere('from', value.start);
          setWhere('to', value.end);
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
            orderError={orderProblem}
          />
          <Button type="submit" variation="primary">
            Fetch Data
          </Button>
        </Flex>
      </form>
      {range === null ? null : query.isLoading ? (
        <>
          <Loading loaded={partial.length} what={noun} />
          {partial.length > 0 ? children(partial, true, range, chosen) : null}
        </>
      ) : query.isError ? (
        <LoadFailure key={`${range.start}-${range.end}`} error={query.error} />
      ) : (
        children(query.data ?? [], query.isFetching, range, chosen)
      )}
    </Flex>
  );
}

import { useEffect, useMemo } from 'react';
import { RetryAlert } from '@/components/RetryAlert';
import { Button, Flex, Heading, Loader, Text, View } from '@aws-amplify/ui-react';
import { StackedBarChart } from '@/components/Chart';
import { download } from '@/lib/csv';
import { useToast } from '@/lib/toast';
import { centralTime } from '@/lib/central-time';
import { useFleetHealth } from '../api/fleet-health';
import { HEALTH_MESSAGES } from '../lib/health-rules';
import {
  applyPortfolioFilter,
  DEFAULT_FILTER_TEXT,
  optionsOf,
  portfolioChartData,
  portfolioCsv,
  portfolioFilterOf,
  portfolioFilterText,
  type PortfolioFilter,
  type PortfolioFilterText,
} from '../lib/portfolio';
import { useSearchState } from '@/lib/search-state';
import { LocationPanels } from './LocationPanels';
import { PortfolioFilters } from './PortfolioFilters';

const SERIES = [
  { key: 'affected', label: 'Affected', colour: '#c62828' },
  { key: 'notAffected', label: 'Not affected', colour: '#2e7d32' },
];

/** /portfoliohealth (spec §2.2): the fleet's health, a chart, filters and a list of every fridge. */
export function PortfolioHealthView() {
  const toast = useToast();
  const fleet = useFleetHealth();
  // In the address, so Back from a fridge's health screen finds the fleet filtered as it was left.
  const [filterText, setFilterText] = useSearchState(DEFAULT_FILTER_TEXT);
  const filter = useMemo(() => portfolioFilterOf(filterText), [filterText]);
  const setFilter = (next: PortfolioFilter) => {
    for (const [key, value] of Object.entries(portfolioFilterText(next))) {
      setFilterText(key as keyof PortfolioFilterText, value);
    }
  };
  const all = useMemo(() => fleet.data?.fridges ?? [], [fleet.data]);
  const asOf = fleet.data?.asOf ?? null;
  const shown = useMemo(() => applyPortfolioFilter(all, filter), [all, filter]);
  const chart = useMemo(() => portfolioChartData(shown), [shown]);
  const jofemarStates = useMemo(() => optionsOf(all, 'jofemarState'), [all]);
  const timezones = useMemo(() => optionsOf(all, 'timezone'), [all]);

  const { isError, errorUpdatedAt } = fleet;
  useEffect(() => {
    if (isError) toast.error(HEALTH_MESSAGES.healthLoadFailed, { durationMs: 6000 });
  }, [isError, errorUpdatedAt, toast]);

  if (fleet.isPending) {
    return (
      <Flex
        direction="column"
        alignItems="center"
        gap="0.5rem"
        padding="3rem 0"
        role="status"
        aria-label="Loading fleet health"
      >
        <Loader size="large" />
        <Text>Loading fleet health…</Text>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="1rem">
      {fleet.isError ? (
        <RetryAlert message={HEALTH_MESSAGES.healthLoadFailed} onRetry={() => void fleet.refetch()} />
      ) : null}
      <Flex gap="1rem" alignItems="flex-start" wrap="wrap">
        <View width="18rem" shrink="0">
          <PortfolioFilters value={filter} onChange={setFilter} jofemarStates={jofemarStates} timezones={timezones} />
        </View>
        <View
          flex="1 1 30rem"
          minWidth="0"
          padding="1rem"
          backgroundColor="background.primary"
          borderRadius="6px"
          style={{ border: '1px solid var(--amplify-colors-border-secondary)' }}
        >
          <StackedBarChart
            title={`Fridges affected (of ${shown.length} shown)`}
            xKey="state"
            data={chart}
            series={SERIES}
            height={300}
          />
        </View>
      </Flex>
      <View as="section" aria-labelledby="health-locations-heading">
        <Flex alignItems="center" gap="0.75rem" wrap="wrap" marginBottom="0.5rem">
          <Heading level={2} fontSize="xxl" id="health-locations-heading">
            Locations ({shown.length})
          </Heading>
          <Text fontSize="small" color="font.secondary">
            {asOf
              ? `of ${all.length} fridges, as of ${centralTime(asOf)} CT`
              : 'Fleet health is being gathered; this page loads it within a minute.'}
          </Text>
          {fleet.isFetching ? (
            <Flex alignItems="center" gap="0.35rem" role="status" aria-label="Refreshing">
              <Loader size="small" />
              <Text fontSize="small">Refreshing…</Text>
            </Flex>
          ) : null}
          <Flex marginLeft="auto" gap="0.5rem">
            <Button size="small" onClick={() => void fleet.refetch()} isDisabled={fleet.isFetching}>
              Refresh
            </Button>
            <Button
              size="small"
              onClick={() => download('fridge-health.csv', portfolioCsv(shown))}
              isDisabled={shown.length === 0}
            >
              Export CSV
            </Button>
          </Flex>
        </Flex>
        <LocationPanels items={shown} />
      </View>
    </Flex>
  );
}

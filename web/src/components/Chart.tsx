import { lazy, Suspense } from 'react';
import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { StackedBarChartProps } from './chart-types';

export type { ChartSeries, StackedBarChartProps } from './chart-types';

// recharts loads with the first chart shown, never with the sign-in page.
const LazyStackedBarChart = lazy(() => import('./charts/StackedBarChart'));

/** A stacked bar chart (one bar per row, one stacked segment per series). */
export function StackedBarChart(props: StackedBarChartProps) {
  return (
    <Suspense
      fallback={
        <Flex role="status" alignItems="center" gap="0.5rem" height={props.height ?? 280}>
          <Loader />
          <Text>Loading chart…</Text>
        </Flex>
      }
    >
      <LazyStackedBarChart {...props} />
    </Suspense>
  );
}

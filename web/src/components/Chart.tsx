import { lazy, Suspense, type ReactNode } from 'react';
import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { LineChartProps, StackedBarChartProps } from './chart-types';

export type { ChartSeries, ChartThreshold, LineChartProps, StackedBarChartProps } from './chart-types';

// recharts loads with the first chart shown, never with the sign-in page.
const loadStackedBarChart = () => import('./charts/StackedBarChart');
const loadLineChart = () => import('./charts/LineChart');
const LazyStackedBarChart = lazy(loadStackedBarChart);
const LazyLineChart = lazy(loadLineChart);

/**
 * Fetches a chart's code while its screen's data loads (issue 63): a route whose first content is a chart asks for
 * it with its data, so the chart's chunk (recharts) no longer waits for the data to arrive and the chart to mount.
 */
export function preloadChart(kind: 'stackedBar' | 'line'): void {
  void (kind === 'stackedBar' ? loadStackedBarChart() : loadLineChart()).catch(() => undefined);
}

function ChartSuspense({ height, children }: { height?: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Flex role="status" alignItems="center" gap="0.5rem" height={height ?? 280}>
          <Loader />
          <Text>Loading chart…</Text>
        </Flex>
      }
    >
      {children}
    </Suspense>
  );
}

/** A stacked bar chart (one bar per row, one stacked segment per series). */
export function StackedBarChart(props: StackedBarChartProps) {
  return (
    <ChartSuspense height={props.height}>
      <LazyStackedBarChart {...props} />
    </ChartSuspense>
  );
}

/** A line chart (one line per series over the rows), with optional threshold lines. */
export function LineChart(props: LineChartProps) {
  return (
    <ChartSuspense height={props.height}>
      <LazyLineChart {...props} />
    </ChartSuspense>
  );
}

import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { StackedBarChartProps } from '../chart-types';
import { ChartFrame } from './ChartFrame';

/**
 * The real chart (recharts). Import it only through `Chart.tsx`, which loads
 * it lazily: recharts is large and the sign-in page must not pay for it.
 */
export default function StackedBarChart({ data, xKey, series, height = 280, title }: StackedBarChartProps) {
  return (
    <ChartFrame title={title} height={height} data={data} xKey={xKey} series={series} missing={0}>
      <BarChart data={data} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={xKey} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} stackId="stack" fill={s.colour} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

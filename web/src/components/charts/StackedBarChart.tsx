import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StackedBarChartProps } from '../chart-types';
import { ChartDataTable } from './ChartDataTable';

/**
 * The real chart (recharts). Import it only through `Chart.tsx`, which loads
 * it lazily: recharts is large and the sign-in page must not pay for it.
 */
export default function StackedBarChart({ data, xKey, series, height = 280, title }: StackedBarChartProps) {
  return (
    <figure style={{ margin: 0, position: 'relative' }}>
      <figcaption style={{ fontWeight: 600, marginBottom: '0.5rem' }}>{title}</figcaption>
      {/* Hidden from screen readers (the table below has the figures), so nothing in it may take
          the focus either (axe aria-hidden-focus): recharts' keyboard layer is off. */}
      <div style={{ width: '100%', height }} aria-hidden="true">
        <ResponsiveContainer>
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
        </ResponsiveContainer>
      </div>
      <ChartDataTable title={title} data={data} xKey={xKey} series={series} missing={0} />
    </figure>
  );
}

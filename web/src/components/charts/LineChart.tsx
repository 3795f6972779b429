import {
  CartesianGrid,
  Legend,
  Line,
  LineChart as RLineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { LineChartProps } from '../chart-types';
import { ChartDataTable } from './ChartDataTable';

/**
 * The real line chart (recharts). Import it only through `Chart.tsx`, which
 * loads it lazily: recharts is large and the sign-in page must not pay for it.
 */
export default function LineChart({
  data,
  xKey,
  xLabel,
  series,
  thresholds = [],
  unit,
  height = 280,
  title,
}: LineChartProps) {
  // Keep the thresholds in view even when every value is far from them.
  const values = data.flatMap((row) => series.map((s) => Number(row[s.key]))).filter(Number.isFinite);
  const all = [...values, ...thresholds.map((t) => t.y)];
  const domain: [number, number] | undefined = all.length
    ? [Math.floor(Math.min(...all) - 1), Math.ceil(Math.max(...all) + 1)]
    : undefined;
  return (
    <figure style={{ margin: 0, position: 'relative' }}>
      <figcaption style={{ fontWeight: 600, marginBottom: '0.5rem' }}>{title}</figcaption>
      {/* Hidden from screen readers (the table below has the figures), so nothing in it may take
          the focus either (axe aria-hidden-focus): recharts' keyboard layer is off. */}
      <div style={{ width: '100%', height }} aria-hidden="true">
        <ResponsiveContainer>
          <RLineChart data={data} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey={xKey} minTickGap={24} />
            <YAxis domain={domain} allowDecimals={false} unit={unit} width={64} />
            <Tooltip formatter={(v) => (unit ? `${String(v)} ${unit}` : String(v))} />
            <Legend />
            {thresholds.map((t) => (
              <ReferenceLine
                key={`${t.label}-${t.y}`}
                y={t.y}
                stroke={t.colour}
                strokeDasharray="6 4"
                label={{ value: t.label, position: 'insideTopRight', fill: t.colour }}
              />
            ))}
            {series.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.label}
                stroke={s.colour}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </RLineChart>
        </ResponsiveContainer>
      </div>
      <ChartDataTable title={title} data={data} xKey={xKey} xLabel={xLabel} series={series} missing="" />
    </figure>
  );
}

import { CartesianGrid, Legend, Line, LineChart as RLineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import type { LineChartProps } from '../chart-types';
import { ChartFrame } from './ChartFrame';

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
    <ChartFrame title={title} height={height} data={data} xKey={xKey} xLabel={xLabel} series={series} missing="">
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
    </ChartFrame>
  );
}

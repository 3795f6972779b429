import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StackedBarChartProps } from '../chart-types';

/**
 * The real chart (recharts). Import it only through `Chart.tsx`, which loads
 * it lazily: recharts is large and the sign-in page must not pay for it.
 */
export default function StackedBarChart({ data, xKey, series, height = 280, title }: StackedBarChartProps) {
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ fontWeight: 600, marginBottom: '0.5rem' }}>{title}</figcaption>
      <div style={{ width: '100%', height }} aria-hidden="true">
        <ResponsiveContainer>
          <BarChart data={data}>
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
      {/* The same figures as a table, for screen readers (the drawing is hidden from them). */}
      <table
        aria-label={title}
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}
      >
        <thead>
          <tr>
            <th scope="col">{xKey}</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row, i) => (
            <tr key={i}>
              <th scope="row">{String(row[xKey] ?? '')}</th>
              {series.map((s) => (
                <td key={s.key}>{String(row[s.key] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

import type { ChartSeries } from '../chart-types';

export interface ChartDataTableProps {
  /** The chart's title: the table's accessible name. */
  title: string;
  data: Record<string, string | number>[];
  xKey: string;
  /** Header of the x column (xKey by default). */
  xLabel?: string;
  series: ChartSeries[];
  /** What a row without a value shows ('' for a gap in a line, 0 for an empty bar). */
  missing: string | number;
}

/**
 * A chart's figures as a table for screen readers (the drawing is hidden
 * from them). A table ignores a height, so a 1-pixel wrapper hides it:
 * hundreds of rows must not lengthen the page. Its figure is `position:
 * relative`, so the wrapper stays inside it.
 */
export function ChartDataTable({ title, data, xKey, xLabel, series, missing }: ChartDataTableProps) {
  return (
    <div
      style={{
        position: 'absolute',
        width: 1,
        height: 1,
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
      }}
    >
      <table aria-label={title}>
        <thead>
          <tr>
            <th scope="col">{xLabel ?? xKey}</th>
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
                <td key={s.key}>{String(row[s.key] ?? missing)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

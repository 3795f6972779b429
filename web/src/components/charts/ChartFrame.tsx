import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { ChartDataTable, type ChartDataTableProps } from './ChartDataTable';

export interface ChartFrameProps extends ChartDataTableProps {
  /** The drawing's height in pixels. */
  height: number;
  /** The recharts chart, sized to the frame by a ResponsiveContainer. */
  children: ReactElement;
}

/**
 * What every chart of the kit draws in: a figure captioned with its title, the drawing (hidden from screen
 * readers) and its figures as a table for them (ChartDataTable). Part of the lazily loaded charts: import it
 * only from a file under `charts/`, never from the sign-in path.
 */
export function ChartFrame({ title, height, children, ...table }: ChartFrameProps) {
  return (
    <figure style={{ margin: 0, position: 'relative' }}>
      <figcaption style={{ fontWeight: 600, marginBottom: '0.5rem' }}>{title}</figcaption>
      {/* Hidden from screen readers (the table below has the figures), so nothing in it may take
          the focus either (axe aria-hidden-focus): each chart turns recharts' keyboard layer off. */}
      <div style={{ width: '100%', height }} aria-hidden="true">
        <ResponsiveContainer>{children}</ResponsiveContainer>
      </div>
      <ChartDataTable title={title} {...table} />
    </figure>
  );
}

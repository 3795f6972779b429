import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChartFrame } from './ChartFrame';

// jsdom has no layout: the container hands its chart a fixed size, as the browser's would.
vi.mock('recharts', async (importOriginal) =>
  (await import('@/test/recharts-fixed-size')).withFixedSize(await importOriginal<typeof import('recharts')>()),
);

function Drawing({ width, height }: { width?: number; height?: number }) {
  return <svg data-testid="drawing" width={width} height={height} />;
}

const series = [
  { key: 'live', label: 'Live', colour: 'green' },
  { key: 'dead', label: 'Dead', colour: 'red' },
];

describe('ChartFrame', () => {
  it('captions the figure, hides the drawing from screen readers and lists the figures as a table', () => {
    const { container } = render(
      <ChartFrame title="Fridges" height={200} data={[{ day: 'Mon', live: 3 }]} xKey="day" series={series} missing={0}>
        <Drawing />
      </ChartFrame>,
    );
    const figure = container.querySelector('figure')!;
    expect(figure.querySelector('figcaption')).toHaveTextContent('Fridges');
    const hidden = figure.querySelector<HTMLElement>('[aria-hidden="true"]')!;
    expect(hidden.style.height).toBe('200px');
    // The drawing is sized by the container.
    expect(screen.getByTestId('drawing')).toHaveAttribute('width', '600');
    expect(hidden).toContainElement(screen.getByTestId('drawing'));
    const table = screen.getByRole('table', { name: 'Fridges' });
    expect(figure).toContainElement(table);
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['day', 'Live', 'Dead']);
    expect(screen.getByRole('rowheader', { name: 'Mon' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '0']);
  });

  it('heads the x column with its label and shows a missing value as given', () => {
    render(
      <ChartFrame
        title="Temperature"
        height={260}
        data={[{ time: '10:00', live: 36 }, { time: '10:05' }]}
        xKey="time"
        xLabel="Time (CT)"
        series={[series[0]]}
        missing=""
      >
        <Drawing />
      </ChartFrame>,
    );
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Time (CT)', 'Live']);
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['36', '']);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LineChart, StackedBarChart } from './Chart';

describe('LineChart', () => {
  it('shows a loading state, then the chart with its figures as a table', async () => {
    render(
      <LineChart
        title="Temperature"
        xKey="time"
        xLabel="Time (CT)"
        unit="°F"
        data={[
          { time: '10:00', temperature: 36.5 },
          { time: '10:05', temperature: 39 },
        ]}
        series={[{ key: 'temperature', label: 'Temperature', colour: 'blue' }]}
        thresholds={[
          { y: 38, label: '38 °F', colour: 'orange' },
          { y: 41, label: '41 °F', colour: 'red' },
        ]}
      />,
    );
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Temperature' }, { timeout: 10_000 });
    expect(table).toHaveTextContent('Time (CT)');
    expect(screen.getByRole('rowheader', { name: '10:05' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '39' })).toBeInTheDocument();
  });

  it('a stacked bar chart lists its figures too, an empty bar as 0', async () => {
    render(
      <StackedBarChart
        title="Fridges by status"
        xKey="day"
        data={[{ day: 'Mon', live: 3 }]}
        series={[
          { key: 'live', label: 'Live', colour: 'green' },
          { key: 'dead', label: 'Dead', colour: 'red' },
        ]}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Fridges by status' }, { timeout: 10_000 });
    expect(table).toHaveTextContent('Dead');
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '0']);
  });
});

import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import LineChart from './LineChart';
import StackedBarChart from './StackedBarChart';

// jsdom has no layout: the container hands its chart a fixed size, as the browser's would.
vi.mock('recharts', async (importOriginal) =>
  (await import('@/test/recharts-fixed-size')).withFixedSize(await importOriginal<typeof import('recharts')>()),
);

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

function focusableInHidden(container: HTMLElement): Element[] {
  return [...container.querySelectorAll('[aria-hidden="true"]')].flatMap((h) => [
    ...(h.matches(FOCUSABLE) ? [h] : []),
    ...h.querySelectorAll(FOCUSABLE),
  ]);
}

const series = [{ key: 'live', label: 'Live', colour: 'green' }];

describe('charts hidden from screen readers take no focus (axe aria-hidden-focus)', () => {
  it('a stacked bar chart', async () => {
    const { container } = render(
      <StackedBarChart title="Fridges" xKey="day" data={[{ day: 'Mon', live: 3 }]} series={series} />,
    );
    await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull());
    expect(focusableInHidden(container)).toEqual([]);
  });

  it('a line chart', async () => {
    const { container } = render(
      <LineChart
        title="Temperature"
        xKey="time"
        data={[
          { time: '10:00', live: 36 },
          { time: '10:05', live: 39 },
        ]}
        series={series}
      />,
    );
    await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull());
    expect(focusableInHidden(container)).toEqual([]);
  });
});

import { render, waitFor } from '@testing-library/react';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import LineChart from './LineChart';
import StackedBarChart from './StackedBarChart';

// jsdom has no layout: the container hands its chart a fixed size so that recharts draws.
vi.mock('recharts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('recharts')>();
  return {
    ...actual,
    ResponsiveContainer: ({ children }: { children: ReactNode }) =>
      isValidElement(children)
        ? cloneElement(children as ReactElement<{ width: number; height: number }>, { width: 600, height: 300 })
        : null,
  };
});

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

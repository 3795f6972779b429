import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { ErrorPanel } from './ErrorPanel';
import { InfoTip } from './InfoTip';
import { ProgressBar } from './ProgressBar';
import { StatusBadge, toneOfStatus } from './StatusBadge';
import { StackedBarChart } from './Chart';

describe('StatusBadge', () => {
  it('maps status words to tones and shows the word', () => {
    expect(toneOfStatus('LIVE')).toBe('success');
    expect(toneOfStatus('failed')).toBe('error');
    expect(toneOfStatus('Pending')).toBe('info');
    expect(toneOfStatus('OFFLINE')).toBe('warning');
    expect(toneOfStatus('whatever')).toBe('neutral');
    render(<StatusBadge>DEAD</StatusBadge>);
    expect(screen.getByText('DEAD')).toHaveAttribute('data-tone', 'error');
  });
});

describe('ProgressBar', () => {
  it('exposes and shows the figures, clamped', () => {
    const { rerender } = render(<ProgressBar label="Committing" value={3} max={10} unit="batches" />);
    const bar = screen.getByRole('progressbar', { name: 'Committing' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar).toHaveAttribute('aria-valuemax', '10');
    expect(screen.getByText('Committing: 3 of 10 batches (30%)')).toBeInTheDocument();
    rerender(<ProgressBar label="Committing" value={12} max={10} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    rerender(<ProgressBar label="Committing" value={0} max={0} />);
    expect(screen.getByText('Committing: 0 of 0 (0%)')).toBeInTheDocument();
  });
});

describe('ErrorPanel', () => {
  it('lists messages under a heading and is absent without messages', () => {
    const { container, rerender } = render(<ErrorPanel heading="Problems" messages={[]} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ErrorPanel heading="Problems" messages={['a', 'b']} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Problems');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });

  it("caps a long list with 'and N more'", () => {
    const messages = Array.from({ length: 73 }, (_, i) => `row ${i + 1}`);
    render(<ErrorPanel heading="Warnings" variation="warning" messages={messages} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('and 23 more')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });
});

describe('StackedBarChart', () => {
  it('shows a loading state, then the chart with its figures as a table', async () => {
    render(
      <StackedBarChart
        title="Fridges by state"
        xKey="day"
        data={[{ day: 'Mon', ok: 5, down: 2 }]}
        series={[
          { key: 'ok', label: 'Online', colour: 'green' },
          { key: 'down', label: 'Offline', colour: 'red' },
        ]}
      />,
    );
    expect(screen.getByText('Loading chart…')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Fridges by state' }, { timeout: 10_000 });
    expect(table).toHaveTextContent('Online');
    expect(screen.getByRole('cell', { name: '5' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2' })).toBeInTheDocument();
  });
});

describe('InfoTip', () => {
  it('describes its icon and shows the text on focus, hiding it on Escape', async () => {
    const user = userEvent.setup();
    render(<InfoTip label="About activeHour" text="Read as Central time." />);
    const button = screen.getByRole('button', { name: 'About activeHour' });
    expect(button).toHaveAccessibleDescription('Read as Central time.');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    expect(button).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Read as Central time.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoreList } from './MoreList';

const CENTERS = Array.from({ length: 2000 }, (_, i) => `Kitchen ${i + 1}`);

describe('MoreList', () => {
  it("shows the first items and '+N more', which shows them all, then fewer again", async () => {
    const onRow = vi.fn();
    render(
      <div onClick={onRow}>
        <MoreList items={CENTERS} max={3} noun="fulfillment centers" />
      </div>,
    );
    expect(screen.getByText('Kitchen 1, Kitchen 2, Kitchen 3')).toBeInTheDocument();
    expect(screen.queryByText(/Kitchen 4\b/)).toBeNull();
    const more = screen.getByRole('button', { name: '+1997 more fulfillment centers' });
    expect(more).toHaveTextContent('+1997 more');
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    expect(screen.getByText(/Kitchen 1, .*Kitchen 2000$/)).toBeInTheDocument();
    const fewer = screen.getByRole('button', { name: 'Show fewer fulfillment centers' });
    expect(fewer).toHaveAttribute('aria-expanded', 'true');
    // The click is the list's, not the row's it sits in.
    expect(onRow).not.toHaveBeenCalled();

    await userEvent.click(fewer);
    expect(screen.getByText('Kitchen 1, Kitchen 2, Kitchen 3')).toBeInTheDocument();
  });

  it('shows a short list whole, without a button', () => {
    const { container } = render(<MoreList items={['A', 'B', 'C']} max={3} />);
    expect(container).toHaveTextContent(/^A, B, C$/);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageDialog } from './MessageDialog';

describe('MessageDialog', () => {
  it('says its text over a labelled list and closes from Close, which has the focus', async () => {
    const onClose = vi.fn();
    render(
      <MessageDialog
        title="Update Failed"
        text="1 of 2 prices were not updated."
        items={['Line 3: locked']}
        listLabel="Details"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Update Failed' });
    expect(within(dialog).getByText('1 of 2 prices were not updated.')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Details' })).getByText('Line 3: locked'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no list without items', () => {
    render(<MessageDialog title="Success" text="Prices saved" onClose={() => {}} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});

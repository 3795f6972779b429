import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

describe('Modal', () => {
  it('is a labelled modal dialog that calls onCancel on Escape and gives focus back', async () => {
    const onCancel = vi.fn();
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const { unmount } = render(
      <Modal title="Edit route" onCancel={onCancel} footer={<button data-autofocus>Close</button>}>
        body
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit route' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    unmount();
    expect(opener).toHaveFocus();
    opener.remove();
  });
});

describe('ConfirmDialog', () => {
  it('asks, focuses the safe answer, and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        title="Are you sure want to delete this item?"
        tone="destructive"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        The scheduled change will not be applied.
      </ConfirmDialog>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' })).toBeInTheDocument();
    expect(screen.getByText('The scheduled change will not be applied.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while the action runs', async () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog title="Delete?" busy onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'No' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });
});

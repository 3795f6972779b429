import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, type FormDialogProps } from './FormDialog';

function dialog(props: Partial<FormDialogProps> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <FormDialog
      title="Correct it"
      submitLabel="Save"
      submittingLabel="Saving…"
      busy={false}
      problem={null}
      error={null}
      onCancel={onCancel}
      onSubmit={onSubmit}
      {...props}
    >
      <label>
        Reason
        <input name="reason" data-autofocus />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onCancel };
}

describe('FormDialog', () => {
  it('sends by its button and by Enter in a field, and cancels', async () => {
    const { onSubmit, onCancel } = dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'late{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('does not send while there is a problem, and shows the refusal as an alert', async () => {
    const { onSubmit } = dialog({ problem: 'A reason is required', error: 'Someone took it first' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Someone took it first');
  });

  it('waits for a call on its way: no second send, Cancel and Escape do nothing', async () => {
    const { onSubmit, onCancel } = dialog({ busy: true });
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), '{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

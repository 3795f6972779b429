import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { MessageDialog } from './MessageDialog';
import { Modal, tabbables } from './Modal';

/** A page with a button before and after the opener, and a dialog of the kit that the opener mounts. */
function Page({ kind }: { kind: 'modal' | 'confirm' | 'message' }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button>Before</button>
      <button onClick={() => setOpen(true)}>Open</button>
      <button>After</button>
      {open && kind === 'modal' ? (
        <Modal
          title="Edit name"
          onCancel={close}
          footer={
            <>
              <button onClick={close}>Cancel</button>
              <button>Save</button>
            </>
          }
        >
          <label>
            Name <input />
          </label>
        </Modal>
      ) : null}
      {open && kind === 'confirm' ? (
        <ConfirmDialog title="Delete?" onConfirm={close} onCancel={close}>
          Gone for good.
        </ConfirmDialog>
      ) : null}
      {open && kind === 'message' ? <MessageDialog title="Saved" text="All done." onClose={close} /> : null}
    </>
  );
}

describe('Modal keyboard use', () => {
  it('starts on the first field without [data-autofocus], and Tab and Shift+Tab cycle inside', async () => {
    const user = userEvent.setup();
    render(<Page kind="modal" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(name).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(save).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    expect(save).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it('closes with Escape and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Page kind="modal" />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it.each([
    ['confirm', 'alertdialog', 'No', 'Yes'],
    ['message', 'alertdialog', 'Close', 'Close'],
  ] as const)('%s dialog: trapped, Escape closes, focus returns', async (kind, role, first, last) => {
    const user = userEvent.setup();
    render(<Page kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    expect(screen.getByRole(role)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: first })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: last })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: first })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole(role)).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the focus on the dialog itself when it has nothing to focus', async () => {
    const user = userEvent.setup();
    render(
      <Modal title="Working" onCancel={() => {}}>
        Please wait.
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Working' });
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(dialog).toHaveFocus();
  });

  it('lets a dialog opened inside another one handle its own Escape', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Modal title="Outer" onCancel={outer}>
        <Modal title="Inner" onCancel={inner} footer={<button data-autofocus>OK</button>}>
          inner body
        </Modal>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });

  it('does not fail when the opener is gone by the time it closes', () => {
    const opener = document.createElement('button');
    document.body.appendChild(opener);
    opener.focus();
    const { unmount } = render(
      <Modal title="Gone" onCancel={() => {}}>
        <button>OK</button>
      </Modal>,
    );
    opener.remove();
    expect(() => unmount()).not.toThrow();
  });

  it('counts one Tab stop per radio group and skips disabled, hidden and tabindex=-1 elements', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <input type="radio" name="a" value="1"><input type="radio" name="a" value="2" checked>
      <button disabled>x</button><div hidden><button>y</button></div><span tabindex="-1">z</span>
      <a href="#">link</a><span tabindex="0">span</span>`;
    expect(tabbables(root).map((el) => el.getAttribute('value') ?? el.textContent)).toEqual(['2', 'link', 'span']);
  });
});

import { useMutation } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { actionsFor } from '@/lib/access/useAccess';
import { ApiError } from '@/lib/api';
import { PROHIBITED_MESSAGE, reportIfProhibited, reportProhibited, SHOWS_OWN_ERRORS } from '@/lib/prohibited';
import { renderWithProviders } from '@/test/utils';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);
beforeEach(() => accessMock.mockResolvedValue({ actions: [], flags: [] }));

function Save({ error, ownErrors = false }: { error: Error; ownErrors?: boolean }) {
  const save = useMutation({
    mutationFn: async () => {
      throw error;
    },
    meta: ownErrors ? SHOWS_OWN_ERRORS : undefined,
  });
  return <button onClick={() => save.mutate()}>Save</button>;
}

describe('ProhibitedDialog', () => {
  it("shows 'Error! User Action Prohibited!' in the kit dialog when a mutation is refused by the server", async () => {
    renderWithProviders(<Save error={new ApiError('forbidden', { status: 403 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Error! User Action Prohibited!');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers GraphQL Forbidden errors the same way', async () => {
    renderWithProviders(<Save error={new ApiError('nope', { errorType: 'Forbidden' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error! User Action Prohibited!');
  });

  it('stays closed for other failures, which their form shows', async () => {
    renderWithProviders(<Save error={new ApiError('Invalid date', { status: 400 })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stays closed for a mutation whose screen shows its own refusals', async () => {
    renderWithProviders(<Save error={new ApiError('forbidden', { status: 403 })} ownErrors />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('is opened by calls made outside a mutation', async () => {
    renderWithProviders(<p>page</p>);
    expect(reportIfProhibited(new Error('plain'))).toBe(false);
    expect(reportIfProhibited(new ApiError('x', { status: 403 }))).toBe(true);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Error! User Action Prohibited!');
  });

  it('points to the Permissions screen only for a user who may open it', async () => {
    accessMock.mockClear();
    renderWithProviders(<p>page</p>);
    // The closed dialog asks for nothing.
    expect(accessMock).not.toHaveBeenCalled();
    act(() => reportProhibited());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(PROHIBITED_MESSAGE);
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem')).toHaveTextContent('Ask an administrator if you need it.'),
    );
    expect(dialog).not.toHaveTextContent('Permissions screen');
  });

  it('names the Permissions screen to a user who may open it', async () => {
    accessMock.mockResolvedValue({ actions: actionsFor('GET /users/permissions')!, flags: [] });
    renderWithProviders(<p>page</p>);
    act(() => reportProhibited());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(PROHIBITED_MESSAGE);
    await waitFor(() =>
      expect(within(dialog).getByRole('listitem')).toHaveTextContent(
        'An administrator can grant permissions on the Permissions screen.',
      ),
    );
  });
});

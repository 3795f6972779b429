import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, rest } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { ForecastView } from './ForecastView';
import { restTarget } from '@/test/rest';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

beforeEach(() => {
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  restMock.mockReset();
  restMock.mockImplementation(async (route, request) => {
    if (restTarget(route, request).method === 'GET')
      return [{ Item: 'Soup', Quantity: 4, Date: '2026-11-30' }] as never;
    throw new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' });
  });
});

async function openSoup() {
  renderWithProviders(<ForecastView />);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Soup' }));
  return screen.getByRole('dialog', { name: /^Soup on / });
}

describe('ForecastView edits (issue 22)', () => {
  it('disables Save changes for a user without the update action, with the reason', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['GetForecast'], flags: [] });
    const dialog = await openSoup();
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    await waitFor(() => expect(save).toBeDisabled());
    expect(save.closest('[title]')).toHaveAttribute('title', refusalReason('PUT /forecast/update', false));
  });

  it('leaves a permission failure from the server to the kit dialog, not the form', async () => {
    const dialog = await openSoup();
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alertdialog', { name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getAllByText('Error! User Action Prohibited!')).toHaveLength(1);
  });
});

describe('ForecastView edits: what the server checks', () => {
  it('sends the quantity the user saw, so an edit over a changed row is refused, not applied', async () => {
    const sent: unknown[] = [];
    restMock.mockImplementation(async (route, request) => {
      if (restTarget(route, request).method === 'GET')
        return [{ Item: 'Soup', Quantity: 4, Date: '2026-11-30' }] as never;
      sent.push(request);
      throw new ApiError('The forecast for Soup was changed meanwhile. Reload to see it.', { status: 409 });
    });
    const dialog = await openSoup();
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The forecast for Soup was changed meanwhile. Reload to see it.',
    );
    expect(sent).toEqual([expect.objectContaining({ item: 'Soup', quantity: 5, previousQuantity: 4 })]);
  });

  it('refuses a quantity past the server’s bound, in the server’s words', async () => {
    const dialog = await openSoup();
    await userEvent.clear(within(dialog).getByLabelText('Quantity'));
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '1000001');
    expect(within(dialog).getByText('Quantity must be a whole number from 0 to 1000000')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, rest } from '@/lib/api';
import { applyTestConfig, renderWithProviders } from '@/test/utils';
import UserPermissionsPage from './UserPermissionsPage';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
const restMock = vi.mocked(rest);

const DATA = {
  users: [
    { user: 'sub-b', email: 'b@example.com', actions: [] },
    { user: 'sub-a', email: 'a@example.com', actions: ['GetAllLocation'] },
  ],
  groups: [{ group: 'View Fridges', actions: ['GetAllLocation', 'GetScheduledEvents', 'GetSpecificLocation'] }],
  actions: ['GetAllLocation', 'GetUniquePMTNames'],
  changes: [
    {
      at: '2026-11-22T16:05:00.000Z',
      who: 'admin@example.com',
      source: 'POST /users/permissions',
      changes: [{ attribute: 'sub-a GetAllLocation', oldValue: 'false', newValue: 'true' }],
    },
    {
      at: '2026-07-01T15:00:00.000Z',
      who: 'admin@example.com',
      source: 'POST /users/permissions/remove',
      changes: [{ attribute: 'sub-gone AddScheduledEvent', oldValue: 'true', newValue: 'false' }],
    },
  ],
};

/** The cells of each body row of a table, as text. */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );

beforeEach(() => {
  applyTestConfig();
  restMock.mockReset();
});

describe('UserPermissionsPage', () => {
  it('lists users with their actions, the empty state and the groups table', async () => {
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const a = await screen.findByRole('region', { name: 'a@example.com' });
    expect(within(a).getByText('GetAllLocation')).toBeInTheDocument();
    const b = screen.getByRole('region', { name: 'b@example.com' });
    expect(within(b).getByText('No actions granted')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Function groups' });
    expect(within(table).getByText('View Fridges')).toBeInTheDocument();
    expect(within(table).getByText('GetAllLocation, GetScheduledEvents, GetSpecificLocation')).toBeInTheDocument();
  });

  it('lists recent permission changes in Central time, newest first, with CSV export (issue 20)', async () => {
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const section = await screen.findByRole('region', { name: 'Recent permission changes' });
    const table = within(section).getByRole('table', { name: 'Recent permission changes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(
      expect.arrayContaining(['When', 'Who', 'User', 'Action', 'Change'].map((h) => expect.stringContaining(h))),
    );
    expect(bodyRows(table)).toEqual([
      // A known user by e-mail; CST in November, CDT in July.
      ['2026-11-22 10:05 CT', 'admin@example.com', 'a@example.com', 'GetAllLocation', 'Granted'],
      ['2026-07-01 10:00 CT', 'admin@example.com', 'sub-gone', 'AddScheduledEvent', 'Removed'],
    ]);
    expect(within(section).getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('says when no permission change is recorded yet', async () => {
    restMock.mockResolvedValue({ ...DATA, changes: [] });
    renderWithProviders(<UserPermissionsPage />);
    const section = await screen.findByRole('region', { name: 'Recent permission changes' });
    expect(within(section).getByText('No permission changes recorded yet')).toBeInTheDocument();
  });

  it('shows the prohibited message when the user lacks the right', async () => {
    restMock.mockRejectedValue(new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' }));
    renderWithProviders(<UserPermissionsPage />);
    expect(await screen.findByText('Error! User Action Prohibited!')).toBeInTheDocument();
  });

  it('grants an action and refetches', async () => {
    restMock.mockResolvedValueOnce(DATA);
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByRole('region', { name: 'b@example.com' });
    restMock.mockResolvedValueOnce({ user: 'sub-b', action: 'GetUniquePMTNames', granted: true });
    restMock.mockResolvedValueOnce({
      ...DATA,
      users: [{ ...DATA.users[0], actions: ['GetUniquePMTNames'] }, DATA.users[1]],
    });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'sub-b' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'GetUniquePMTNames' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added GetUniquePMTNames for b@example.com')).toBeInTheDocument();
    expect(restMock).toHaveBeenCalledWith('POST', '/users/permissions', { user: 'sub-b', action: 'GetUniquePMTNames' });
    const b = screen.getByRole('region', { name: 'b@example.com' });
    await waitFor(() => expect(within(b).getByText('GetUniquePMTNames')).toBeInTheDocument());
  });

  it('shows the new grant in the recent changes after the refetch (issue 20)', async () => {
    restMock.mockResolvedValueOnce({ ...DATA, changes: [] });
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByText('No permission changes recorded yet');
    restMock.mockResolvedValueOnce({ user: 'sub-b', action: 'GetUniquePMTNames', granted: true });
    restMock.mockResolvedValueOnce({
      ...DATA,
      users: [{ ...DATA.users[0], actions: ['GetUniquePMTNames'] }, DATA.users[1]],
      changes: [
        {
          at: '2026-11-23T03:00:00.000Z',
          who: 'admin@example.com',
          source: 'POST /users/permissions',
          changes: [{ attribute: 'sub-b GetUniquePMTNames', oldValue: 'false', newValue: 'true' }],
        },
      ],
    });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'sub-b' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'GetUniquePMTNames' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const table = await screen.findByRole('table', { name: 'Recent permission changes' });
    await waitFor(() =>
      expect(bodyRows(table)).toEqual([
        ['2026-11-22 21:00 CT', 'admin@example.com', 'b@example.com', 'GetUniquePMTNames', 'Granted'],
      ]),
    );
    expect(restMock).toHaveBeenLastCalledWith('GET', '/users/permissions');
  });

  it('shows the server message when granting is refused', async () => {
    restMock.mockResolvedValueOnce(DATA);
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByRole('region', { name: 'b@example.com' });
    restMock.mockRejectedValueOnce(
      new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' }),
    );
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'sub-b' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'GetUniquePMTNames' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Error! User Action Prohibited!')).not.toHaveLength(0);
  });

  it('asks for confirmation before removing', async () => {
    restMock.mockResolvedValueOnce(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const a = await screen.findByRole('region', { name: 'a@example.com' });
    fireEvent.click(within(a).getByRole('button', { name: 'Remove GetAllLocation from a@example.com' }));
    expect(restMock).toHaveBeenCalledTimes(1);
    fireEvent.click(within(a).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(a).getByRole('button', { name: 'Remove GetAllLocation from a@example.com' }));
    restMock.mockResolvedValueOnce({ user: 'sub-a', action: 'GetAllLocation', removed: true });
    restMock.mockResolvedValueOnce({ ...DATA, users: [DATA.users[0], { ...DATA.users[1], actions: [] }] });
    fireEvent.click(within(a).getByRole('button', { name: 'Confirm removing GetAllLocation from a@example.com' }));
    expect(await screen.findByText('Removed GetAllLocation from a@example.com')).toBeInTheDocument();
    expect(restMock).toHaveBeenCalledWith('POST', '/users/permissions/remove', {
      user: 'sub-a',
      action: 'GetAllLocation',
    });
  });
});

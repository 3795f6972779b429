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
};

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

  it('shows the server message when granting is refused', async () => {
    restMock.mockResolvedValueOnce(DATA);
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByRole('region', { name: 'b@example.com' });
    restMock.mockRejectedValueOnce(new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' }));
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
    expect(restMock).toHaveBeenCalledWith('POST', '/users/permissions/remove', { user: 'sub-a', action: 'GetAllLocation' });
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { getMyAccess } from '@/lib/access/get-my-access';
import { listAllLocations } from '@/lib/locations/list-locations';
import { ApiError, rest } from '@/lib/api';
import type { Permissions } from '@/generated/rest/responses';
import { restTargets } from '@/test/rest';
import { ALL_ACTIONS, applyTestConfig, renderWithProviders } from '@/test/utils';
import UserPermissionsPage from './UserPermissionsPage';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('@/lib/locations/list-locations', () => ({ listAllLocations: vi.fn() }));
const restMock = vi.mocked(rest);
const accessMock = vi.mocked(getMyAccess);
const locationsMock = vi.mocked(listAllLocations);

const DATA: Permissions = {
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
      changes: [{ attribute: 'sub-a GetAllLocation', oldValue: 'false', newValue: 'true', reason: null }],
    },
    {
      at: '2026-07-01T15:00:00.000Z',
      who: 'admin@example.com',
      source: 'POST /users/permissions/remove',
      changes: [{ attribute: 'sub-gone AddScheduledEvent', oldValue: 'true', newValue: 'false', reason: null }],
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
  accessMock.mockReset();
  accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  locationsMock.mockReset();
  locationsMock.mockResolvedValue([
    { id: 'CHI_0002', prettyName: 'Willis Tower' },
    { id: 'CHI_0001', prettyName: 'Aon Center' },
  ]);
});

/** Opens the card of a user (collapsed at first) and answers it. */
async function openCard(email: string) {
  const card = await screen.findByRole('region', { name: email });
  const toggle = within(card).getByRole('button', { name: new RegExp(`^${email.replace('.', '\\.')}`) });
  if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
  return card;
}

const FOURTEEN_GROUPS = Array.from({ length: 14 }, (_, i) => ({
  group: `Group ${i + 1}`,
  actions: [`ActionA${i + 1}`, `ActionB${i + 1}`],
}));

describe('UserPermissionsPage', () => {
  it('has one h1 and sections at h2 and h3, no level skipped', async () => {
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByRole('region', { name: 'a@example.com' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('User Permissions');
    for (const name of ['Users', 'Function groups', 'Recent permission changes', 'Locations'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });

  it("lists users collapsed, each with a disclosure button and the count; opening shows the user's actions", async () => {
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const a = await screen.findByRole('region', { name: 'a@example.com' });
    const toggle = within(a).getByRole('button', { name: 'a@example.com 1 action' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(a).queryByRole('listitem')).toBeNull();
    expect(within(a).queryByText('GetAllLocation')).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(a).getByText('GetAllLocation')).toBeVisible();
    fireEvent.click(toggle);
    expect(within(a).queryByText('GetAllLocation')).not.toBeVisible();

    const b = await openCard('b@example.com');
    expect(within(b).getByRole('button', { name: 'b@example.com 0 actions' })).toBeInTheDocument();
    expect(within(b).getByText('No actions granted')).toBeVisible();
  });

  it('searches users by e-mail and by action', async () => {
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByRole('region', { name: 'a@example.com' });
    const search = screen.getByLabelText('Search users by e-mail or action');

    fireEvent.change(search, { target: { value: 'B@EXAMPLE' } });
    expect(screen.getByRole('region', { name: 'b@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'a@example.com' })).toBeNull();
    expect(screen.getByText('1 of 2 users')).toBeInTheDocument();

    // By action: the user's card opens on the matching actions.
    fireEvent.change(search, { target: { value: 'allloc' } });
    const a = screen.getByRole('region', { name: 'a@example.com' });
    expect(screen.queryByRole('region', { name: 'b@example.com' })).toBeNull();
    expect(within(a).getByRole('button', { name: 'a@example.com 1 action' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(a).getByText('GetAllLocation')).toBeVisible();

    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No user matches the search')).toBeInTheDocument();
  });

  it('shows every function group readable, in no scroll box of its own', async () => {
    restMock.mockResolvedValue({ ...DATA, groups: [...DATA.groups, ...FOURTEEN_GROUPS.slice(1)] });
    renderWithProviders(<UserPermissionsPage />);
    const table = await screen.findByRole('table', { name: 'Function groups' });
    expect(within(table).getAllByRole('row')).toHaveLength(15);
    expect(within(table).getByText('View Fridges')).toBeInTheDocument();
    expect(within(table).getByText('GetAllLocation, GetScheduledEvents, GetSpecificLocation')).toBeInTheDocument();
    expect(within(table).getByText('Group 14')).toBeInTheDocument();
    for (let el: HTMLElement | null = table; el; el = el.parentElement) {
      expect(el.style.maxHeight).toBe('');
      expect(el.style.overflow).toBe('');
    }
  });

  it('lists the locations with Location Name and Location ID, each linked to its schedule list', async () => {
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const section = await screen.findByRole('region', { name: 'Locations' });
    const table = within(section).getByRole('table', { name: 'Locations' });
    await waitFor(() =>
      expect(bodyRows(table)).toEqual([
        ['Aon Center', 'CHI_0001', 'Scheduled changes'],
        ['Willis Tower', 'CHI_0002', 'Scheduled changes'],
      ]),
    );
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers.slice(0, 2)).toEqual(['Location Name ▲', 'Location ID']);
    expect(within(table).getByRole('link', { name: 'Scheduled changes of Aon Center' })).toHaveAttribute(
      'href',
      '/locations/schedule/CHI_0001',
    );
  });

  it('says why the locations are not listed to a user who may not read them, and reads none', async () => {
    accessMock.mockResolvedValue({ actions: ['ManageUserPermissions'], flags: [] });
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const section = await screen.findByRole('region', { name: 'Locations' });
    expect(
      await within(section).findByText(
        'You need permission to see the list of locations. An administrator can grant it on the Permissions screen.',
      ),
    ).toBeInTheDocument();
    expect(locationsMock).not.toHaveBeenCalled();
  });

  it('disables Add and Remove for a user without the action, with the reason', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    restMock.mockResolvedValue(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const a = await openCard('a@example.com');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Add' }).closest('.guard')).toHaveAttribute(
      'title',
      'You need permission to manage user permissions. Ask an administrator to grant it.',
    );
    expect(within(a).getByRole('button', { name: 'Remove GetAllLocation from a@example.com' })).toBeDisabled();
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
    const b = await openCard('b@example.com');
    restMock.mockResolvedValueOnce({ user: 'sub-b', action: 'GetUniquePMTNames', granted: true });
    restMock.mockResolvedValueOnce({
      ...DATA,
      users: [{ ...DATA.users[0], actions: ['GetUniquePMTNames'] }, DATA.users[1]],
    });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'sub-b' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'GetUniquePMTNames' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added GetUniquePMTNames for b@example.com')).toBeInTheDocument();
    expect(restTargets(restMock)).toContainEqual({
      method: 'POST',
      path: '/users/permissions',
      body: { user: 'sub-b', action: 'GetUniquePMTNames' },
    });
    await waitFor(() => expect(within(b).getByText('GetUniquePMTNames')).toBeVisible());
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
          changes: [{ attribute: 'sub-b GetUniquePMTNames', oldValue: 'false', newValue: 'true', reason: null }],
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
    expect(restTargets(restMock).at(-1)).toEqual({ method: 'GET', path: '/users/permissions', body: undefined });
  });

  it('a refused grant opens the kit dialog, with no error text in the form', async () => {
    restMock.mockResolvedValueOnce(DATA);
    renderWithProviders(<UserPermissionsPage />);
    await screen.findByRole('region', { name: 'b@example.com' });
    restMock.mockRejectedValueOnce(
      new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' }),
    );
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'sub-b' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'GetUniquePMTNames' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Not allowed' });
    expect(dialog).toHaveTextContent('Error! User Action Prohibited!');
    const form = screen.getByRole('form', { name: 'Add a permission' });
    expect(within(form).queryByText('Error! User Action Prohibited!')).toBeNull();
    expect(screen.getAllByText('Error! User Action Prohibited!')).toHaveLength(1);
  });

  it('asks to confirm in a dialog before removing; Cancel removes nothing', async () => {
    restMock.mockResolvedValueOnce(DATA);
    renderWithProviders(<UserPermissionsPage />);
    const a = await openCard('a@example.com');
    fireEvent.click(within(a).getByRole('button', { name: 'Remove GetAllLocation from a@example.com' }));
    expect(restMock).toHaveBeenCalledTimes(1);
    let dialog = screen.getByRole('alertdialog', { name: 'Remove GetAllLocation from a@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(restMock).toHaveBeenCalledTimes(1);

    fireEvent.click(within(a).getByRole('button', { name: 'Remove GetAllLocation from a@example.com' }));
    restMock.mockResolvedValueOnce({ user: 'sub-a', action: 'GetAllLocation', removed: true });
    restMock.mockResolvedValueOnce({ ...DATA, users: [DATA.users[0], { ...DATA.users[1], actions: [] }] });
    dialog = screen.getByRole('alertdialog', { name: 'Remove GetAllLocation from a@example.com?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed GetAllLocation from a@example.com')).toBeInTheDocument();
    expect(restTargets(restMock)).toContainEqual({
      method: 'POST',
      path: '/users/permissions/remove',
      body: { user: 'sub-a', action: 'GetAllLocation' },
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

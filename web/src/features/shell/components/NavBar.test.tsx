import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getFeatureFlags } from '@/features/flags/api/get-feature-flags';
import { applyTestConfig, renderWithProviders } from '@/test/utils';
import { getLocationServicesStatus } from '../api/get-location-services-status';
import { NavBar } from './NavBar';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({
    tokens: { idToken: { payload: { email: 'ops@example.com', sub: 'sub-1' } } },
  })),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('@/features/flags/api/get-feature-flags', () => ({ getFeatureFlags: vi.fn() }));
vi.mock('../api/get-location-services-status', () => ({ getLocationServicesStatus: vi.fn() }));

const flagsMock = vi.mocked(getFeatureFlags);
const statusMock = vi.mocked(getLocationServicesStatus);

async function openMenu(name: string) {
  const trigger = await screen.findByRole('button', { name });
  // Radix menus open from the keyboard (Enter / Space / ArrowDown).
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

beforeEach(() => {
  applyTestConfig();
  statusMock.mockResolvedValue({ status: 'ok', checkedAt: '2024-01-01T00:00:00.000Z' });
});

describe('NavBar', () => {
  it('hides JIT Management and Drop Off Summary without flags', async () => {
    flagsMock.mockResolvedValue([]);
    renderWithProviders(<NavBar />);
    await waitFor(() => expect(flagsMock).toHaveBeenCalled());
    const routes = await openMenu('Routes');
    expect(within(routes).getByRole('menuitem', { name: 'LogiNext' })).toHaveAttribute('href', '/loginext');
    expect(within(routes).queryByRole('menuitem', { name: 'JIT Management' })).toBeNull();
    fireEvent.keyDown(routes, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const reporting = await openMenu('Reporting');
    expect(within(reporting).getByRole('menuitem', { name: 'Checkpoints' })).toBeInTheDocument();
    expect(within(reporting).queryByRole('menuitem', { name: 'Drop Off Summary' })).toBeNull();
  });

  it('shows the flag-gated entries with their flags', async () => {
    flagsMock.mockResolvedValue(['jit-management', 'drop-override']);
    renderWithProviders(<NavBar />);
    const routes = await openMenu('Routes');
    expect(await within(routes).findByRole('menuitem', { name: 'JIT Management' })).toHaveAttribute(
      'href',
      '/jit-management',
    );
    fireEvent.keyDown(routes, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const reporting = await openMenu('Reporting');
    expect(within(reporting).getByRole('menuitem', { name: 'Drop Off Summary' })).toHaveAttribute(
      'href',
      '/reports/dropoffsummary',
    );
  });

  it('opens external links in a new tab', async () => {
    flagsMock.mockResolvedValue([]);
    renderWithProviders(<NavBar />);
    const apps = await openMenu('Internal Apps');
    const cms = within(apps).getByRole('menuitem', { name: /Facility CMS/ });
    expect(cms).toHaveAttribute('href', 'https://cms.example.com');
    expect(cms).toHaveAttribute('target', '_blank');
  });

  it('shows the user, the Location Services status and the version in the user menu', async () => {
    flagsMock.mockResolvedValue([]);
    renderWithProviders(<NavBar />);
    expect(await screen.findByRole('img', { name: /Location Services: OK/ })).toBeInTheDocument();
    const menu = await openMenu('ops@example.com');
    expect(within(menu).getByText(/^Version /)).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Permissions' })).toHaveAttribute('href', '/users/permissions');
  });

  it('shows an error status when the check fails', async () => {
    flagsMock.mockResolvedValue([]);
    statusMock.mockRejectedValue(new Error('down'));
    renderWithProviders(<NavBar />);
    expect(await screen.findByRole('img', { name: 'Location Services: error' }, { timeout: 4000 })).toBeInTheDocument();
  });
});

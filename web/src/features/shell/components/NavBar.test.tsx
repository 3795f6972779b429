import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { actionsFor } from '@/lib/access/useAccess';
import { ALL_ACTIONS, applyTestConfig, renderWithProviders } from '@/test/utils';
import { getLocationServicesStatus } from '../api/get-location-services-status';
import { NavBar } from './NavBar';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({
    tokens: { idToken: { payload: { email: 'ops@example.com', sub: 'sub-1' } } },
  })),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('../api/get-location-services-status', () => ({ getLocationServicesStatus: vi.fn() }));

const accessMock = vi.mocked(getMyAccess);
const flagsMock = {
  mockResolvedValue: (flags: string[]) => accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags }),
};
const statusMock = vi.mocked(getLocationServicesStatus);

async function openMenu(name: string) {
  const trigger = await screen.findByRole('button', { name });
  // Radix menus open from the keyboard (Enter / Space / ArrowDown).
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.findByRole('menu');
}

/** A window of `width` px: matchMedia answers max-width queries (jsdom has no matchMedia). */
function setWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}

afterEach(() => {
  // @ts-expect-error jsdom has none: back to the wide layout for the next test.
  delete window.matchMedia;
});

beforeEach(() => {
  applyTestConfig();
  statusMock.mockResolvedValue({ status: 'ok', checkedAt: '2024-01-01T00:00:00.000Z' });
});

describe('NavBar', () => {
  it('hides JIT Management and Drop Off Summary without flags', async () => {
    flagsMock.mockResolvedValue([]);
    renderWithProviders(<NavBar />);
    await waitFor(() => expect(accessMock).toHaveBeenCalled());
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

describe('NavBar for a user with some actions', () => {
  it('hides the entries the user cannot open, and a menu left empty', async () => {
    const lacking = [
      'GET /forecast/view/{date}',
      'POST /forecast/dry-run',
      'createLocation',
      'getFridgeArtifacts',
    ].flatMap((call) => actionsFor(call)!);
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS.filter((a) => !lacking.includes(a)), flags: [] });
    renderWithProviders(<NavBar />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Forecast' })).toBeNull());
    const locations = await openMenu('Locations');
    expect(
      within(locations)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['All']);
    fireEvent.keyDown(locations, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('button', { name: 'Pars' })).toBeInTheDocument();
  });
});

describe('the user menu (issue 43)', () => {
  it('leaves out Permissions for a user who may not open it, as the navigation leaves out its entries', async () => {
    accessMock.mockResolvedValue({
      actions: ALL_ACTIONS.filter((a) => !actionsFor('GET /users/permissions')!.includes(a)),
      flags: [],
    });
    statusMock.mockResolvedValue({ status: 'ok', checkedAt: '2024-01-01T00:00:00.000Z' });
    renderWithProviders(<NavBar />);
    await waitFor(() => expect(accessMock).toHaveBeenCalled());
    // Wait for the access to arrive: the bar then shows a guarded menu.
    await screen.findByRole('button', { name: 'Forecast' });
    const menu = await openMenu('ops@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Permissions' })).toBeNull();
  });
});

describe('NavBar below 900 px', () => {
  it('collapses the menus into one Menu button that opens them as a panel', async () => {
    setWidth(390);
    flagsMock.mockResolvedValue([]);
    renderWithProviders(<NavBar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(within(nav).queryByRole('button', { name: 'Routes' })).toBeNull();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();

    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('list', { name: 'Routes' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/locations/all');

    // Escape closes it and gives the focus back to the button.
    within(panel).getByRole('link', { name: 'LogiNext' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(menu).toHaveFocus();

    // Choosing an entry closes it.
    await userEvent.click(menu);
    await userEvent.click(within(panel).getByRole('link', { name: 'All' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('keeps the menus in the bar from 900 px up', async () => {
    setWidth(900);
    flagsMock.mockResolvedValue([]);
    renderWithProviders(<NavBar />);
    expect(await screen.findByRole('button', { name: 'Routes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});

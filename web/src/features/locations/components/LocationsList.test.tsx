import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { getMyAccess } from '@/lib/access/get-my-access';
import { actionsFor } from '@/lib/access/useAccess';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { CACHE_KEY, readCache } from '@/lib/locations/locations-cache';
import { LocationsList } from './LocationsList';
import { LOAD_LOCATIONS_FAILURE } from '@/lib/messages';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

const L = (id: string, status = 'LIVE', route = 'driver1') => ({
  id,
  type: 'FRIDGE',
  prettyName: `${id} place`,
  route,
  stop: 1,
  status,
  prod: 1,
});
let calls: Record<string, unknown>[];

beforeEach(() => {
  accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  localStorage.clear();
  calls = [];
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (_doc: unknown, vars?: unknown) => {
    const v = vars as Record<string, unknown> | undefined;
    calls.push(v ?? {});
    const filter = (v?.filter ?? {}) as { status?: string };
    if (filter.status === 'OFFLINE')
      return { locations: { items: [L('OFF_1', 'OFFLINE', 'driver2')], nextToken: null } } as never;
    if (!v?.nextToken) return { locations: { items: [L('CHI_0002'), L('CHI_0001')], nextToken: 'p2' } } as never;
    return { locations: { items: [L('NYC_0001', 'DEAD', 'driver2')], nextToken: null } } as never;
  });
});

describe('LocationsList', () => {
  it('pages through every location, caches them and loads OFFLINE on demand', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LocationsList />);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 of 3 locations'));
    expect(calls.map((c) => c.nextToken)).toEqual([null, 'p2']);
    const cache = readCache();
    expect(cache?.allLoaded).toBe(true);
    expect(cache?.drivers).toEqual(['driver1', 'driver2']);
    expect(screen.getByRole('option', { name: 'All Drivers' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Filter fridges'), 'chi_');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3 locations');
    await user.clear(screen.getByLabelText('Filter fridges'));
    await user.selectOptions(screen.getByLabelText('Status'), 'OFFLINE');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of 4 locations'));
    expect(calls.at(-1)).toMatchObject({ filter: { status: 'OFFLINE', count: 2500 } });
  });

  it('uses a fresh cache and reloads one page', async () => {
    localStorage.setItem(
      CACHE_KEY,
      JSON.stringify({ locations: [L('OLD_1')], drivers: ['driver1'], allLoaded: true, timestamp: Date.now() - 1000 }),
    );
    renderWithProviders(<LocationsList />);
    expect(screen.getByRole('status')).toHaveTextContent('1 of 1 locations');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 of 3 locations'));
    expect(calls).toHaveLength(1);
  });

  it('shows a loading state, not a count of 0, until the locations arrive', async () => {
    let answer: (v: unknown) => void = () => {};
    graphqlMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)) as never);
    renderWithProviders(<LocationsList />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading locations…');
    expect(screen.queryByText(/0 of 0 locations/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    answer({ locations: { items: [L('CHI_0001')], nextToken: null } });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 of 1 locations'));
    expect(screen.queryByText('Loading locations…')).toBeNull();
  });

  it('shows the empty list once the answer has no locations', async () => {
    graphqlMock.mockResolvedValue({ locations: { items: [], nextToken: null } } as never);
    renderWithProviders(<LocationsList />);
    expect(await screen.findByText('No locations yet.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 of 0 locations');
  });

  it('reports a failed load', async () => {
    graphqlMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<LocationsList />);
    expect(await screen.findByText(LOAD_LOCATIONS_FAILURE)).toBeInTheDocument();
  });
});

describe('the links of a row (issue 43)', () => {
  it('offers every screen to a user who may open them', async () => {
    renderWithProviders(<LocationsList />);
    expect(await screen.findByRole('link', { name: 'Inventory of CHI_0001' })).toHaveAttribute(
      'href',
      '/locations/inventory/CHI_0001',
    );
    expect(screen.getByRole('link', { name: 'Health of CHI_0001' })).toHaveAttribute(
      'href',
      '/locations/health/CHI_0001',
    );
  });

  it('leaves out Inventory and Health for a user who may not open them, as the navigation does', async () => {
    accessMock.mockResolvedValue({ actions: [...actionsFor('locations')!, ...actionsFor('getLocation')!], flags: [] });
    renderWithProviders(<LocationsList />);
    expect(await screen.findByRole('link', { name: 'Details of CHI_0001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Inventory of/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Health of/ })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql } from '@/lib/api';
import { Page } from '@/components/Page';
import { headingProblems } from '@/components/heading-outline';
import { renderWithProviders } from '@/test/utils';
import { health } from '../lib/fixtures';
import type { FridgeHealth } from '../api/health-fields';
import { PortfolioHealthView } from './PortfolioHealthView';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);

const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

const connected = { hdmi: true, elo: true, cardReader: true, electricalLayout: true };
const HOUR = 3_600_000;
/** The snapshot's fridges (null: none built yet), and the URLs the view fetched. */
let fridges: FridgeHealth[] | null;
let fetched: string[];
let failing: boolean;
let AS_OF = '2026-11-25T14:05:09.000Z';
const SNAPSHOT_URL = 'https://snapshots.test/fleet-health.json?X-Amz-Signature=x';

beforeEach(() => {
  downloads.length = 0;
  fetched = [];
  failing = false;
  AS_OF = '2026-11-25T14:05:09.000Z';
  fridges = [
    health({
      locationId: 'CHI_0002',
      ...connected,
      outOfOrder: true,
      jofemarState: 'STATUS_0_READY',
      timezone: 'America/Chicago',
      temperature: 37,
    }),
    health({
      locationId: 'CHI_0001',
      ...connected,
      outOfOrder: false,
      outOfOrderTs: new Date(Date.now() - HOUR).toISOString(),
      jofemarState: 'STATUS_5_MOTOR_FAULT',
      timezone: 'America/Chicago',
      temperature: 44,
    }),
    health({
      locationId: 'NYC_0001',
      ...connected,
      safetyHold: true,
      jofemarState: 'STATUS_0_READY',
      timezone: 'America/New_York',
    }),
    health({ locationId: 'NYC_0002', ...connected, hdmi: false, inaccessible: true, timezone: 'America/New_York' }),
  ];
  graphqlMock.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify({ asOf: AS_OF, fridges }), { status: 200 });
    }),
  );
  graphqlMock.mockImplementation(async (q) => {
    const query = String(q);
    if (query.includes('fleetHealthSnapshot')) {
      if (failing) throw new ApiError('boom', { errorType: 'InternalError' });
      return {
        fleetHealthSnapshot: fridges
          ? { url: SNAPSHOT_URL, asOf: AS_OF, fridges: fridges.length }
          : { url: null, asOf: null, fridges: 0 },
      } as never;
    }
    throw new Error(`unexpected ${query}`);
  });
});

const heading = () => screen.findByRole('heading', { name: /^Locations \(\d+\)$/ });

describe('PortfolioHealthView', () => {
  it('under its page title: Filters and Locations are h2, no level skipped; links in the kit style', async () => {
    const { container } = renderWithProviders(
      <Page title="Fridge Health Monitoring">
        <PortfolioHealthView />
      </Page>,
    );
    expect(await heading()).toHaveProperty('tagName', 'H2');
    expect(screen.getByRole('heading', { level: 2, name: 'Filters' })).toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    const links = await screen.findAllByRole('link', { name: /^Health page of / });
    for (const link of links) expect(link.style.color).toBe('');
  });

  it('reads every page, then shows the chart, the filters and the filtered count', async () => {
    renderWithProviders(<PortfolioHealthView />);
    expect(await heading()).toHaveTextContent('Locations (3)');
    expect(fetched).toEqual([SNAPSHOT_URL]);
    expect(screen.getByText('of 4 fridges, as of 2026-11-25 08:05:09 CT')).toBeInTheDocument();
    const chart = await screen.findByRole('table', { name: 'Fridges affected (of 3 shown)' }, { timeout: 10_000 });
    const outOfOrder = within(chart).getByRole('row', { name: /Out of Order/ });
    expect(
      within(outOfOrder)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '2']);
    const list = screen.getByRole('list', { name: 'Locations' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-key')),
    ).toEqual(['CHI_0001', 'CHI_0002', 'NYC_0001']);
  });

  it('follows the toggles and selects at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortfolioHealthView />);
    await heading();
    await user.click(screen.getByRole('switch', { name: 'Is Out of Order' }));
    expect(await heading()).toHaveTextContent('Locations (1)');
    await user.click(screen.getByRole('switch', { name: 'Is Out of Order' }));
    await user.click(screen.getByRole('switch', { name: 'HDMI Connected' }));
    expect(await heading()).toHaveTextContent('Locations (4)');
    await user.selectOptions(screen.getByLabelText('Timezone'), 'America/New_York');
    expect(await heading()).toHaveTextContent('Locations (2)');
    await user.selectOptions(screen.getByLabelText('Jofemar State'), 'READY (STATUS_0_READY)');
    expect(await heading()).toHaveTextContent('Locations (1)');
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await heading()).toHaveTextContent('Locations (3)');
    expect(screen.getByRole('switch', { name: 'HDMI Connected' })).toBeChecked();
  });

  it('opens a panel on its coloured health table, links to the health page, and exports the filtered list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortfolioHealthView />);
    await heading();
    expect(screen.getByRole('link', { name: 'Health page of CHI_0001' })).toHaveAttribute(
      'href',
      '/locations/health/CHI_0001',
    );
    await user.click(screen.getByRole('button', { name: 'CHI_0001' }));
    const table = screen.getByRole('table', { name: 'Health of CHI_0001' });
    expect(table.querySelector('tr[data-field="temperature"]')).toHaveAttribute('data-colour', 'red');
    expect(table.querySelector('tr[data-field="outOfOrder"]')).toHaveAttribute('data-colour', 'orange');
    expect(within(table).getByRole('row', { name: /Jofemar State/ })).toHaveTextContent('MOTOR_FAULT');

    await user.click(screen.getByRole('switch', { name: 'Is Out of Order' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads).toHaveLength(1);
    const lines = downloads[0].text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith('CHI_0002,')).toBe(true);
  });

  it("shows 'No data' in a panel of a fridge that reported nothing", async () => {
    const user = userEvent.setup();
    fridges = [health({ locationId: 'EMPTY_1' })];
    renderWithProviders(<PortfolioHealthView />);
    await user.click(await screen.findByRole('switch', { name: 'HDMI Connected' }));
    await user.click(screen.getByRole('switch', { name: 'ELO Connected' }));
    await user.click(screen.getByRole('switch', { name: 'Card Reader Connected' }));
    await user.click(screen.getByRole('switch', { name: 'Has Electrical Layout' }));
    await user.click(screen.getByRole('button', { name: 'EMPTY_1' }));
    expect(within(screen.getByRole('region', { name: 'EMPTY_1' })).getByText('No data')).toBeInTheDocument();
  });

  it('Refresh downloads the snapshot again only once the server holds a newer one', async () => {
    renderWithProviders(<PortfolioHealthView />);
    expect(await heading()).toHaveTextContent('Locations (3)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(graphqlMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    expect(fetched).toEqual([SNAPSHOT_URL]);

    AS_OF = '2026-11-25T14:06:09.000Z';
    fridges = fridges!.slice(0, 1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByText('of 1 fridges, as of 2026-11-25 08:06:09 CT')).toBeInTheDocument());
    expect(fetched).toEqual([SNAPSHOT_URL, SNAPSHOT_URL]);
  });

  it('says the fleet is being gathered while no snapshot exists yet, without reading one', async () => {
    fridges = null;
    renderWithProviders(<PortfolioHealthView />);
    expect(await heading()).toHaveTextContent('Locations (0)');
    expect(screen.getByText('Fleet health is being gathered; this page loads it within a minute.')).toBeInTheDocument();
    expect(fetched).toEqual([]);
  });

  it('says so when the health cannot be loaded', async () => {
    failing = true;
    renderWithProviders(<PortfolioHealthView />);
    await waitFor(() =>
      expect(screen.getAllByText('Oops, there was an error loading your request.').length).toBeGreaterThanOrEqual(2),
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { graphql } from '@/lib/api';
import { fakeWidth, restoreWidth } from '@/test/media-query-fake';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { MARK_MS, StockingDashboardView } from './StockingDashboardView';
import { KINDS, attentionItem } from '../lib/attention-fixtures';
import type { AttentionItem } from '../lib/attention';
import { connection, emit, resetRealtime } from '../lib/realtime-fake';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
// The subscription (issue 61): changes and connection states sent by hand.
vi.mock('aws-amplify/api', async () => (await import('../lib/realtime-fake')).apiModule);
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/utils')>()),
  Hub: (await import('../lib/realtime-fake')).hub,
}));
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

const stop = (over: Record<string, unknown>) => ({
  stop: 1,
  stockingIndex: 1,
  stopType: 'DELIVERY',
  routeName: 'R1',
  locationId: 'CHI_0001',
  locationName: 'Willis',
  type: 'FRIDGE',
  scannedAt: null,
  stockedAt: null,
  accountTier: 'Gold',
  onlineDate: '2024-01-02',
  safetyHold: 'No',
  vendingState: 'STATUS_0_READY',
  vendingStateLabel: 'READY',
  status: 'NOT_STARTED',
  statusLabel: 'NOT_STARTED',
  driver: null,
  lastActionAt: null,
  ...over,
});

let parts: Record<string, string>;
let filters: unknown[];
/** The routesWithRows of each dashboard call. */
let rowLimits: (number | null)[];
/** Routes whose rows the answer leaves out (`unchanged`, as for rows on screen). */
let rowsLeftOut: string[] = [];
/** When set, a long day's later part (its rows asked for by name) waits for it. */
let rowsHeld: Promise<void> | null = null;
/** Routes answered beyond R1 and R2, of one stop each. */
let extraRoutes = 0;
/** What a later answer changed on stop 2 of R1. */
let stop2Over: Record<string, unknown> = {};
/** Every dashboard read fails (after the first answer). */
let dashboardFails = false;

const item = (kind: (typeof KINDS)[number][0], over: Partial<AttentionItem>) =>
  attentionItem(`${kind}|${JSON.stringify(over)}`, kind, {
    since: '2026-07-01T14:45:00Z',
    sinceCentral: '09:45',
    facts: 'Facts',
    ...over,
  });
/** The answer's Needs-attention panel: its open items (the counts follow). */
let attentionOpen: ReturnType<typeof item>[];
const attention = () => ({
  open: attentionOpen,
  resolved: [],
  counts: KINDS.map(([kind, label]) => ({ kind, label, open: attentionOpen.filter((i) => i.kind === kind).length })),
  digest: 'p1',
  unchanged: false,
  whole: true,
});

beforeEach(() => {
  localStorage.clear();
  downloads.length = 0;
  filters = [];
  rowLimits = [];
  rowsLeftOut = [];
  rowsHeld = null;
  parts = { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' };
  extraRoutes = 0;
  stop2Over = {};
  dashboardFails = false;
  resetRealtime();
  attentionOpen = [];
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] } as never);
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('locationRoutes('))
      return {
        locationRoutes: {
          routes: [
            { route: 'R1', market: 'MW' },
            { route: 'R1', market: 'MW' },
            { route: 'R2', market: 'NE' },
            ...Array.from({ length: extraRoutes }, (_, i) => ({
              route: `X${String(i).padStart(2, '0')}`,
              market: 'MW',
            })),
          ],
        },
      };
    if (q.includes('stockingDashboard(')) {
      const { filter, routesWithRows } = vars as { filter: { routes: string[] | null }; routesWithRows: number | null };
      filters.push(filter);
      rowLimits.push(routesWithRows);
      if (dashboardFails) throw new Error('Network error');
      if (q.includes('query StockingDashboardRows') && rowsHeld) await rowsHeld;
      const routes = [
        {
          route: 'R1',
          market: 'MW',
          total: 2,
          done: 1,
          lastActionAt: new Date().toISOString(),
          stops: [
            stop({
              status: 'COMPLETED',
              statusLabel: 'COMPLETED',
              scannedAt: '2026-07-01T15:04:00Z',
              stockedAt: '2026-07-01T15:20:00Z',
              driver: 'driver1@fleet.local',
              assignedDriver: 'driver1@fleet.local',
            }),
            stop({
              stop: 2,
              stockingIndex: 2,
              locationId: 'CHI_0002',
              status: 'CLEAROUT_COMPLETE',
              statusLabel: 'Removal Complete',
              ...stop2Over,
            }),
          ],
        },
        {
          route: 'R2',
          market: 'NE',
          total: 1,
          done: 0,
          lastActionAt: null,
          stops: [stop({ routeName: 'R2', locationId: 'NYC_0001' })],
        },
        ...Array.from({ length: extraRoutes }, (_, i) => ({
          route: `X${String(i).padStart(2, '0')}`,
          market: 'MW',
          total: 1,
          done: 0,
          lastActionAt: null,
          stops: [stop({ routeName: `X${i}`, locationId: `CHI_X${i}` })],
        })),
      ]
        .filter((r) => !filter.routes || filter.routes.includes(r.route))
        .map((r, i) =>
          (routesWithRows !== null && i >= routesWithRows) || (!filter.routes && rowsLeftOut.includes(r.route))
            ? { ...r, stops: null, unchanged: rowsLeftOut.includes(r.route) }
            : r,
        );
      return {
        stockingDashboard: {
          dropOffDate: '2026-07-01',
          windowStart: '2026-06-30T23:00:00Z',
          windowEnd: '2026-07-01T23:00:00Z',
          asOf: '2026-07-01T16:00:00Z',
          routeNames: ['R1', 'R2'],
          routes,
          summary: {
            total: 3,
            counts: [
              { status: 'NOT_STARTED', label: 'NOT_STARTED', count: 1 },
              { status: 'COMPLETED', label: 'COMPLETED', count: 1 },
            ],
          },
          attention: attention(),
          parts,
        },
      };
    }
    throw new Error(`unexpected ${q.slice(0, 40)}`);
  });
});

async function searchFor(date: string) {
  const user = userEvent.setup();
  const dateField = await screen.findByLabelText(/Drop Off Date/);
  await user.clear(dateField);
  await user.type(dateField, date);
  return user;
}

describe('StockingDashboardView', () => {
  it('searches, then shows a card per route with the spec columns and labels', async () => {
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByRole('region', { name: 'Route R1' });
    const table = within(card).getByRole('table', { name: 'Route R1 stops' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual([
      'Stop',
      'Location',
      'Scanned At (CT)',
      'Stocked At (CT)',
      'Account Tier',
      'First Stocking Date',
      'Safety Hold',
      'Vending State Status',
      'Status',
      'Driver',
    ]);
    const first = within(table).getByRole('row', { name: 'Stop 1 CHI_0001' });
    expect(within(first).getByText('10:04')).toBeTruthy();
    expect(within(first).getByText('10:20')).toBeTruthy();
    expect(within(first).getByText('READY')).toBeTruthy();
    expect(within(first).getByText('driver1@fleet.local')).toBeTruthy();
    expect(within(table).getByText('Removal Complete')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Route R2' })).toBeTruthy();
    expect(screen.getByText(/As of 2026-07-01 11:00:00 CT/)).toBeTruthy();
    expect(filters[0]).toEqual({ dropOffDate: '2026-07-01', region: 'ALL', market: 'ALL', routes: null });
    expect(rowLimits).toEqual([null]); // one read, every route's rows
  });

  it('shows statuses in words everywhere, keeps Status and Driver pinned, and gives the Collapsed view both', async () => {
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Route R1 stops' });
    const first = within(table).getByRole('row', { name: 'Stop 1 CHI_0001' });
    expect(within(first).getByText('Completed')).toHaveAttribute('data-status', 'COMPLETED');
    expect(within(screen.getByRole('table', { name: 'Route R2 stops' })).getByText('Not Started')).toBeTruthy();
    expect(screen.queryByText(/NOT_STARTED|COMPLETED/)).toBeNull();
    const summary = screen.getByRole('list', { name: 'Stops by status' });
    expect(within(summary).getByText('Not Started: 1')).toBeTruthy();
    // The two columns an operator reads stay in view: pinned to the table's right edge.
    for (const name of ['Status', 'Driver'])
      expect(within(table).getByRole('columnheader', { name }).style.right).toMatch(/^var\(--pin-right-\d/);

    await user.click(screen.getByRole('button', { name: 'Collapsed' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Route R1 stops' })).toBeNull());
    const r1 = screen.getByRole('region', { name: 'Route R1' });
    const byStatus = within(r1).getByRole('list', { name: 'Stops of route R1 by status' });
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Completed: 1', 'Removal Complete: 1']);
    expect(within(r1).getByText('Driver: driver1@fleet.local')).toBeTruthy();
    const r2 = screen.getByRole('region', { name: 'Route R2' });
    expect(within(r2).getByText('Not Started: 1')).toBeTruthy();
    expect(within(r2).getByText('No driver yet')).toBeTruthy();

    // Raw names stay in the CSV only.
    await user.click(screen.getAllByRole('button', { name: 'Export CSV' })[0]);
    expect(downloads[0].text).toContain('NOT_STARTED');
  });

  it('keeps the filters for the user, so a reload goes straight to the results', async () => {
    const first = renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(await screen.findByRole('checkbox', { name: 'R2' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('region', { name: 'Route R2' });
    expect(screen.queryByRole('region', { name: 'Route R1' })).toBeNull();
    first.unmount();

    renderWithProviders(<StockingDashboardView />);
    await screen.findByRole('region', { name: 'Route R2' });
    expect(filters.at(-1)).toEqual({ dropOffDate: '2026-07-01', region: 'ALL', market: 'ALL', routes: ['R2'] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update Route Filters' }));
    expect((screen.getByRole('checkbox', { name: 'R2' }) as HTMLInputElement).checked).toBe(true);
  });

  it('Select ALL and Deselect ALL act on the routes of the region and market', async () => {
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.selectOptions(screen.getByLabelText('Region'), 'MW');
    expect(await screen.findByRole('checkbox', { name: 'R1' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'R2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Select ALL' }));
    expect((screen.getByRole('checkbox', { name: 'R1' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Deselect ALL' }));
    expect((screen.getByRole('checkbox', { name: 'R1' }) as HTMLInputElement).checked).toBe(false);
  });

  it('searches every route when Select ALL picks more routes than one request may name', async () => {
    extraRoutes = 120;
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await screen.findByRole('checkbox', { name: 'X119' });
    // 121 of the 122: more than the server takes in one list, and not every route.
    await user.click(screen.getByRole('button', { name: 'Select ALL' }));
    await user.click(screen.getByRole('checkbox', { name: 'R2' }));
    expect(screen.getByText(/At most 100 routes can be chosen at once/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    // Every route: searched as every route of the date, whatever their number.
    await user.click(screen.getByRole('button', { name: 'Select ALL' }));
    expect(screen.queryByText(/At most 100 routes/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('region', { name: 'Route R1' })).toBeTruthy();
    expect((filters.at(-1) as { routes: unknown }).routes).toBeNull();
  });

  it('shows a warning per failed part and still shows the cards', async () => {
    parts = { slips: 'OK', actions: 'OK', health: 'FAILED', locations: 'OK' };
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Error getting fridge health data. Some data may be missing.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Route R1' })).toBeTruthy();
  });

  it('collapses and expands cards, and exports every stop', async () => {
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Route R1 stops' });
    await user.click(screen.getByRole('button', { name: 'Collapsed' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Route R1 stops' })).toBeNull());
    await user.click(screen.getByRole('button', { name: /Expand route R1/ }));
    expect(screen.getByRole('table', { name: 'Route R1 stops' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Route R2 stops' })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Export CSV' })[0]);
    expect(downloads[0].name).toBe('stocking-dashboard-2026-07-01.csv');
    expect(downloads[0].text.split('\n')[0]).toContain('Route,Stop,Location');
    expect(downloads[0].text).toContain('Removal Complete');
    expect(downloads[0].text).toContain('NYC_0001');
  });

  it('shows the first cards of a long day at once and the rest as they render, each card still its own', async () => {
    extraRoutes = 40;
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('region', { name: 'Route R1' });
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Route / })).toHaveLength(42));
    await user.click(screen.getByRole('button', { name: 'Collapse route X39' }));
    expect(screen.queryByRole('table', { name: 'Route X39 stops' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Route X38 stops' })).toBeTruthy();
  });

  it("reads a long day once, every route's rows in the one answer (issue 61)", async () => {
    extraRoutes = 40;
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const late = await screen.findByRole('region', { name: 'Route X30' });
    expect(await within(late).findByRole('table', { name: 'Route X30 stops' })).toBeTruthy();
    const exportButton = screen.getAllByRole('button', { name: 'Export CSV' })[0];
    expect((exportButton as HTMLButtonElement).disabled).toBe(false);
    await user.click(exportButton);
    expect(downloads[0].text).toContain('CHI_X39');
    expect(rowLimits).toEqual([null]);
  });

  it('says so on a card whose rows an answer left out, asks for them by name and keeps Export CSV until they come', async () => {
    extraRoutes = 40;
    // The server leaves out the rows of a route it was told are on screen (unchanged): here, rows never shown.
    rowsLeftOut = ['X30'];
    let release!: () => void;
    rowsHeld = new Promise((resolve) => (release = resolve));
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const late = await screen.findByRole('region', { name: 'Route X30' });
    expect(within(late).getByRole('status').textContent).toBe('Loading the stops of this route…');
    expect(within(late).getByRole('progressbar')).toBeTruthy();
    // Its table renders once it is near the viewport (WhenNear), not with the card.
    expect(await screen.findByRole('table', { name: 'Route R1 stops' })).toBeTruthy();
    const exportAll = () => screen.getAllByRole('button', { name: 'Export CSV' })[0] as HTMLButtonElement;
    expect(exportAll().disabled).toBe(true);
    // Its rows are asked for by name, and once they come the page is whole.
    await waitFor(() => expect(filters.at(-1)).toMatchObject({ routes: ['X30'] }));
    release();
    await waitFor(() => expect(exportAll().disabled).toBe(false));
    expect(within(late).queryByText('Loading the stops of this route…')).toBeNull();
  });
  it('shows the Needs-attention panel between the Summary and the cards, or that nothing needs attention', async () => {
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const panel = await screen.findByRole('region', { name: 'Needs attention · 0 open' });
    expect(within(panel).getByText('Nothing needs attention.')).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'Summary' });
    const firstCard = screen.getByRole('region', { name: 'Route R1' });
    expect(summary.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(panel.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("jumps to an item's stop row, expanding its card first, and marks it until another is chosen", async () => {
    attentionOpen = [
      item('STOP_STUCK', { stop: 2, stockingIndex: 2, locationId: 'CHI_0002', facts: 'Scanned and not stocked' }),
      item('DRIVER_QUIET', { route: 'R2', facts: 'Quiet since 08:45' }),
    ];
    renderWithProviders(<StockingDashboardView />);
    const user = await searchFor('2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const panel = await screen.findByRole('region', { name: 'Needs attention · 2 open' });
    await screen.findByRole('table', { name: 'Route R1 stops' });
    await user.click(screen.getByRole('button', { name: 'Collapsed' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Route R1 stops' })).toBeNull());

    await user.click(within(panel).getByRole('button', { name: 'Show stop 2 of route R1' }));
    const table = await screen.findByRole('table', { name: 'Route R1 stops' });
    const row = within(table).getByRole('row', { name: 'Stop 2 CHI_0002' });
    await waitFor(() => expect(row).toHaveAttribute('aria-current', 'true'));
    expect(row).toHaveClass('attention-marked');
    expect(row).toHaveAttribute('data-highlight', 'info');
    expect(row).toHaveFocus();
    expect(within(table).getByRole('row', { name: 'Stop 1 CHI_0001' })).not.toHaveAttribute('aria-current');
    // Only the card of the stop opens.
    expect(screen.queryByRole('table', { name: 'Route R2 stops' })).toBeNull();

    // An item without a stop marks its route's card; the row is no longer marked.
    await user.click(within(panel).getByRole('button', { name: 'Show route R2' }));
    const r2 = screen.getByRole('region', { name: 'Route R2' });
    await waitFor(() => expect(r2).toHaveAttribute('aria-current', 'true'));
    expect(r2).toHaveFocus();
    expect(row).not.toHaveAttribute('aria-current');
    expect(row).not.toHaveClass('attention-marked');
    expect(row).not.toHaveAttribute('data-highlight');
    expect(screen.queryByRole('table', { name: 'Route R2 stops' })).toBeNull();
  });
  it("lands on a far route's stop row at once, below the sticky header, rendering only what places it", async () => {
    // No card comes near the viewport, and no frame passes: the cards past the first 20 are not rendered yet.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const header = document.body.appendChild(document.createElement('header'));
    header.className = 'app-header';
    vi.spyOn(header, 'getBoundingClientRect').mockReturnValue({ top: 0, bottom: 60 } as DOMRect);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const rowTop = vi.spyOn(HTMLTableRowElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLTableRowElement,
    ) {
      return { top: this.getAttribute('aria-label') === 'Stop 1 CHI_X25' ? 9_000 : 0 } as DOMRect;
    });
    try {
      extraRoutes = 40;
      attentionOpen = [item('STOP_STUCK', { route: 'X25', stop: 1, stockingIndex: 1, locationId: 'CHI_X25' })];
      renderWithProviders(<StockingDashboardView />);
      const user = await searchFor('2026-07-01');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      const show = await screen.findByRole('button', { name: 'Show stop 1 of route X25' });
      const cards = () => screen.getAllByRole('region', { name: /^Route / });
      expect(cards()).toHaveLength(20);
      await user.click(show);

      const table = await screen.findByRole('table', { name: 'Route X25 stops' });
      const row = within(table).getByRole('row', { name: 'Stop 1 CHI_X25' });
      expect(row).toHaveAttribute('aria-current', 'true');
      expect(row).toHaveFocus();
      // The row itself, 8 px below the header's bottom (60 px).
      expect(scrollTo).toHaveBeenCalledWith({ top: 9_000 - 60 - 8, behavior: 'instant' });
      expect(screen.getByRole('region', { name: 'Route X25' })).not.toHaveAttribute('aria-current');
      // Its card and those above it (R1, R2, X00-X25), which place it; of the tables, its own alone.
      expect(cards()).toHaveLength(28);
      expect(screen.getAllByRole('table')).toEqual([table]);
    } finally {
      rowTop.mockRestore();
      scrollTo.mockRestore();
      header.remove();
      vi.unstubAllGlobals();
    }
  });

  it('clears the mark after a while', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      attentionOpen = [item('TEMPERATURE', { stop: 1, stockingIndex: 1, locationId: 'CHI_0001' })];
      renderWithProviders(<StockingDashboardView />);
      const dateField = await screen.findByLabelText(/Drop Off Date/);
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.clear(dateField);
      await user.type(dateField, '2026-07-01');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await user.click(await screen.findByRole('button', { name: 'Show stop 1 of route R1' }));
      const row = within(screen.getByRole('table', { name: 'Route R1 stops' })).getByRole('row', {
        name: 'Stop 1 CHI_0001',
      });
      await waitFor(() => expect(row).toHaveAttribute('aria-current', 'true'));
      act(() => vi.advanceTimersByTime(MARK_MS));
      expect(row).not.toHaveAttribute('aria-current');
      expect(row).not.toHaveClass('attention-marked');
    } finally {
      vi.useRealTimers();
    }
  });

  describe('live (issue 61)', () => {
    async function searched() {
      const view = renderWithProviders(<StockingDashboardView />);
      const user = await searchFor('2026-07-01');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await screen.findByRole('table', { name: 'Route R1 stops' });
      return { ...view, user };
    }
    const summary = () => screen.getByRole('region', { name: 'Summary' });

    it('says Live, then shows a change at once, marked, without remounting the view or closing a dialog', async () => {
      const { user } = await searched();
      await user.click(screen.getByRole('button', { name: 'Collapse route R2' }));
      await user.click(screen.getByRole('button', { name: 'Stocked history of CHI_0001' }));
      const dialog = await screen.findByRole('dialog');
      const card = screen.getByRole('region', { name: 'Route R1' });
      const reads = rowLimits.length;
      act(() => connection('Connected'));
      // The state is a polite live region of its own; the time of the last change is not.
      expect(within(summary()).getByText('Live')).toHaveAttribute('role', 'status');
      expect(summary().textContent).toMatch(/Live\s*· no change yet/);

      stop2Over = { status: 'COMPLETED', statusLabel: 'COMPLETED' };
      act(() => emit({ route: 'R1', locationId: 'CHI_0002', stockingIndex: 2, changedAt: '2026-07-01T15:59:00Z' }));
      const row = within(card).getByRole('row', { name: 'Stop 2 CHI_0002' });
      await waitFor(() => expect(within(row).getByText('Completed')).toBeTruthy());
      // One read, sending the digests; the row says it changed, in words; the card too.
      expect(rowLimits.length).toBe(reads + 1);
      expect(within(row).getByText('Changed')).toHaveClass('live-changed');
      expect(row).toHaveAttribute('data-highlight', 'warning');
      expect(card).toHaveAttribute('data-changed', 'true');
      expect(within(card).getByRole('row', { name: 'Stop 1 CHI_0001' })).not.toHaveAttribute('data-highlight');
      expect(within(summary()).getByText('1 stop changed')).toBeTruthy();
      expect(summary().textContent).toMatch(/Live\s*· last change 2026-07-01 10:59:00 CT/);
      // The same view: the card, the collapsed R2 and the open dialog are as they were.
      expect(screen.getByRole('region', { name: 'Route R1' })).toBe(card);
      expect(screen.queryByRole('table', { name: 'Route R2 stops' })).toBeNull();
      expect(screen.getByRole('dialog')).toBe(dialog);
    });

    it('says when the connection is lost and when a read failed, until one succeeds', async () => {
      await searched();
      act(() => connection('Connected'));
      act(() => connection('ConnectionDisrupted'));
      expect(within(summary()).getByText('Connection lost. Refreshing every 2 minutes.')).toBeTruthy();
      expect(summary().textContent).not.toContain('Live');

      act(() => connection('Connected'));
      expect(within(summary()).getByText('Connection back. Reading the board again.')).toBeTruthy();
      dashboardFails = true;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh now' }));
      expect(
        await within(summary()).findByText('Not updated since 2026-07-01 11:00:00 CT. Retrying.', undefined, {
          timeout: 8000,
        }),
      ).toBeTruthy();
      // The cards stay.
      expect(screen.getByRole('table', { name: 'Route R1 stops' })).toBeTruthy();
      dashboardFails = false;
      await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh now' })).not.toBeDisabled());
      await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh now' }));
      expect(await within(summary()).findByText('As of 2026-07-01 11:00:00 CT')).toBeTruthy();
    });
  });
  describe('Find a stop (issue 61)', () => {
    async function searched(table = true) {
      renderWithProviders(<StockingDashboardView />);
      const user = await searchFor('2026-07-01');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      if (table) await screen.findByRole('table', { name: 'Route R1 stops' });
      else await screen.findByRole('region', { name: 'Route R1' });
      return { user, box: screen.getByRole('textbox', { name: 'Find a stop' }) };
    }
    const cards = () => screen.queryAllByRole('region', { name: /^Route / }).map((r) => r.getAttribute('aria-label'));
    const rowsOf = (route: string) =>
      within(screen.getByRole('table', { name: `Route ${route} stops` }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('aria-label'));
    const said = () => document.querySelector('.stop-search-result')?.textContent;

    afterEach(() => {
      vi.unstubAllGlobals();
      restoreWidth();
    });

    it('finds stops by location id or name, route or driver, hides the routes without one, and shows all again', async () => {
      const { user, box } = await searched();
      // Above the route cards.
      expect(
        box.compareDocumentPosition(screen.getByRole('region', { name: 'Route R1' })) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(said()).toBe('');

      await user.type(box, 'chi_0002');
      await waitFor(() => expect(cards()).toEqual(['Route R1']));
      expect(rowsOf('R1')).toEqual(['Stop 2 CHI_0002']);
      expect(screen.getByText('1 of 2 stops')).toBeTruthy();
      expect(said()).toBe('1 stop on 1 route matches.');
      expect(screen.getByText('1 stop on 1 route matches.')).toHaveAttribute('role', 'status');

      await user.clear(box);
      await user.type(box, 'R2');
      await waitFor(() => expect(cards()).toEqual(['Route R2']));
      expect(rowsOf('R2')).toEqual(['Stop 1 NYC_0001']);

      await user.clear(box);
      await user.type(box, 'DRIVER1@');
      await waitFor(() => expect(cards()).toEqual(['Route R1']));
      expect(rowsOf('R1')).toEqual(['Stop 1 CHI_0001']);

      await user.clear(box);
      await user.type(box, 'willis');
      await waitFor(() => expect(cards()).toEqual(['Route R1', 'Route R2']));
      expect(said()).toBe('3 stops on 2 routes match.');

      await user.clear(box);
      await user.type(box, 'nowhere');
      expect(await screen.findByText('No stop matches.')).toBeTruthy();
      expect(cards()).toEqual([]);

      await user.click(screen.getByRole('button', { name: 'Show every stop' }));
      await waitFor(() => expect(cards()).toEqual(['Route R1', 'Route R2']));
      expect(box).toHaveValue('');
      expect(rowsOf('R1')).toEqual(['Stop 1 CHI_0001', 'Stop 2 CHI_0002']);
      expect(screen.queryByRole('button', { name: 'Show every stop' })).toBeNull();
    });

    it("filters to the statuses pressed in the Summary's counts, with the text too", async () => {
      const { user, box } = await searched();
      const counts = screen.getByRole('list', { name: 'Stops by status' });
      const completed = within(counts).getByRole('button', { name: 'Completed: 1' });
      const notStarted = within(counts).getByRole('button', { name: 'Not Started: 1' });
      expect(completed).toHaveAttribute('aria-pressed', 'false');

      await user.click(completed);
      expect(completed).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(cards()).toEqual(['Route R1']));
      expect(rowsOf('R1')).toEqual(['Stop 1 CHI_0001']);
      expect(said()).toBe('1 stop on 1 route matches (Completed).');

      await user.click(notStarted);
      await waitFor(() => expect(cards()).toEqual(['Route R1', 'Route R2']));
      expect(rowsOf('R2')).toEqual(['Stop 1 NYC_0001']);
      await user.click(notStarted);

      await user.type(box, 'chi_0002');
      expect(await screen.findByText('No stop matches.')).toBeTruthy();
      await user.clear(box);
      await waitFor(() => expect(cards()).toEqual(['Route R1']));

      await user.click(completed);
      expect(completed).toHaveAttribute('aria-pressed', 'false');
      await waitFor(() => expect(cards()).toEqual(['Route R1', 'Route R2']));
      expect(rowsOf('R1')).toEqual(['Stop 1 CHI_0001', 'Stop 2 CHI_0002']);
    });

    it('finds the stops of cards whose tables have not rendered (the browser’s Find would miss them)', async () => {
      // No card comes near the viewport: no table renders.
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          observe() {}
          disconnect() {}
        },
      );
      extraRoutes = 40;
      const { user, box } = await searched(false);
      await waitFor(() => expect(cards()).toHaveLength(42));
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByText('CHI_X39')).toBeNull();

      await user.type(box, 'chi_x39');
      await waitFor(() => expect(cards()).toEqual(['Route X39']));
      expect(said()).toBe('1 stop on 1 route matches.');
    });

    it('opens the cards it keeps in the Collapsed view; a card collapsed meanwhile stays so until the search changes', async () => {
      const { user, box } = await searched();
      await user.click(screen.getByRole('button', { name: 'Collapsed' }));
      await waitFor(() => expect(screen.queryByRole('table')).toBeNull());

      await user.type(box, 'chi_0002');
      expect(await screen.findByRole('table', { name: 'Route R1 stops' })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Collapse route R1' }));
      expect(screen.queryByRole('table', { name: 'Route R1 stops' })).toBeNull();

      await user.clear(box);
      await waitFor(() => expect(cards()).toEqual(['Route R1', 'Route R2']));
      // The Collapsed view again.
      expect(screen.queryByRole('table')).toBeNull();
      await user.type(box, 'chi');
      expect(await screen.findByRole('table', { name: 'Route R1 stops' })).toBeTruthy();
    });

    it('shows every stop again when a Needs-attention Show jumps to one the search hides', async () => {
      attentionOpen = [
        item('STOP_STUCK', { stop: 2, stockingIndex: 2, locationId: 'CHI_0002' }),
        item('DRIVER_QUIET', { route: 'R2' }),
      ];
      const { user, box } = await searched();
      await user.type(box, 'nyc');
      await waitFor(() => expect(cards()).toEqual(['Route R2']));
      const panel = screen.getByRole('region', { name: /^Needs attention/ });

      // What the search shows: it stays.
      await user.click(within(panel).getByRole('button', { name: 'Show route R2' }));
      await waitFor(() => expect(screen.getByRole('region', { name: 'Route R2' })).toHaveAttribute('aria-current'));
      expect(box).toHaveValue('nyc');

      await user.click(within(panel).getByRole('button', { name: 'Show stop 2 of route R1' }));
      expect(box).toHaveValue('');
      const row = within(await screen.findByRole('table', { name: 'Route R1 stops' })).getByRole('row', {
        name: 'Stop 2 CHI_0002',
      });
      await waitFor(() => expect(row).toHaveAttribute('aria-current', 'true'));
    });

    it('on a phone, a stop row says its location beside its stop, and the panel folds to its counts', async () => {
      fakeWidth(390);
      await searched();
      const row = within(screen.getByRole('table', { name: 'Route R1 stops' })).getByRole('row', {
        name: 'Stop 1 CHI_0001',
      });
      const stopCell = within(row).getAllByRole('cell')[0];
      expect(stopCell.querySelector('.stop-cell-location')).toHaveTextContent(/^CHI_0001$/);
      expect(stopCell.querySelector('.stop-cell-location')).toHaveAttribute('title', 'Willis');
      expect(screen.getByRole('button', { name: 'Needs attention (0)' })).toHaveAttribute('aria-expanded', 'false');
    });

    it('keeps the stop column as it is on a wider screen', async () => {
      fakeWidth(800);
      await searched();
      const row = within(screen.getByRole('table', { name: 'Route R1 stops' })).getByRole('row', {
        name: 'Stop 1 CHI_0001',
      });
      expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(/^1$/);
      expect(screen.queryByRole('button', { name: /^Needs attention/ })).toBeNull();
    });
  });
});

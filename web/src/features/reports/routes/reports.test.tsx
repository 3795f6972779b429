import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, rest } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import RouteTemperatures from './RouteTemperatures';
import StockingLogs from './StockingLogs';
import StockOuts from './StockOuts';
import { restTarget } from '@/test/rest';
import { REPORTS } from '../lib/report-rules';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

let calls: string[];

beforeEach(() => {
  // The ranges below are of late November 2026: "now" stays a few days after them, within the 90 days kept.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T12:00:00Z'));
  calls = [];
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] } as never);
  vi.mocked(rest).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
});

/** Sets the range's From and To (Central wall times) and fetches. */
async function fetchRange(user: ReturnType<typeof userEvent.setup>, from: string, to: string) {
  const fromField = screen.getByLabelText('From');
  const toField = screen.getByLabelText('To');
  await user.clear(fromField);
  await user.type(fromField, from);
  await user.clear(toField);
  await user.type(toField, to);
  await user.click(screen.getByRole('button', { name: 'Fetch Data' }));
}

describe('Stocking logs', () => {
  it('joins requests and answers, highlights the error row with the spec text, and pages with progress', async () => {
    vi.mocked(rest).mockImplementation(async (route, request) => {
      const { path } = restTarget(route, request);
      calls.push(path);
      if (path.startsWith('/reports/driverlog/cognitoemails')) return { emails: { u1: 'dana@fleet.local' } } as never;
      if (!path.includes('nextToken')) {
        return {
          items: [
            {
              requestId: 'a',
              type: 'request',
              action_time: '2026-11-25T16:00:00.000Z',
              uuid: 'u1',
              fridge: 'F1',
              operation: 'UnlockDoor',
            },
            {
              requestId: 'a',
              type: 'response',
              action_time: '2026-11-25T16:00:01.000Z',
              uuid: 'u1',
              fridge: 'F1',
              operation: 'UnlockDoor',
            },
          ],
          nextToken: 't2',
        } as never;
      }
      return {
        items: [
          {
            requestId: 'b',
            type: 'request',
            action_time: '2026-11-25T17:00:00.000Z',
            uuid: 'u2',
            fridge: 'F2',
            operation: 'ConfirmCount',
          },
          {
            requestId: 'b',
            type: 'error',
            action_time: '2026-11-25T17:00:01.000Z',
            uuid: 'u2',
            fridge: 'F2',
            operation: 'ConfirmCount',
            message: 'count must be between 0 and 10000',
          },
        ],
        nextToken: null,
      } as never;
    });
    const user = userEvent.setup();
    renderWithProviders(<StockingLogs />, { route: '/reports/stockinglogs' });
    await fetchRange(user, '2026-11-25T00:00', '2026-11-25T23:59');
    // Every page in: the loading status gone.
    await waitFor(() => expect(screen.queryByText(/^Loading stocking logs/)).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Stocking logs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const error = within(table).getByText('Error while processing this request');
    expect(error).toHaveAttribute('title', 'count must be between 0 and 10000');
    expect(error.closest('tr')).toHaveAttribute('data-highlight', 'error');
    expect(within(table).getByText('dana@fleet.local')).toBeInTheDocument();
    // Only the users of the rows shown are asked for, never the whole directory, and in the range
    // shown: the server answers only the callers in that range's log.
    const startTime = String(Date.parse('2026-11-25T06:00:00Z') / 1000);
    const endTime = String(Date.parse('2026-11-26T05:59:00Z') / 1000);
    const emailCalls = calls.filter((c) => c.startsWith('/reports/driverlog/cognitoemails'));
    expect(emailCalls.length).toBeGreaterThan(0);
    for (const call of emailCalls) {
      const query = new URLSearchParams(call.split('?')[1]);
      expect([query.get('startTime'), query.get('endTime')]).toEqual([startTime, endTime]);
      expect(query.get('ids')).toBeTruthy();
    }
    await waitFor(() =>
      expect(calls.filter((c) => c.startsWith('/reports/driverlog/cognitoemails')).at(-1)).toBe(
        `/reports/driverlog/cognitoemails?${new URLSearchParams({ ids: 'u1,u2', startTime, endTime })}`,
      ),
    );
    expect(calls.filter((c) => c.startsWith('/reports/driverlog?'))).toHaveLength(2);
    expect(calls[0]).toContain(`startTime=${startTime}`);
  });

  it('shows the first page at once while the next is still loading', async () => {
    let release: () => void = () => {};
    const second = new Promise<void>((resolve) => (release = resolve));
    const entry = (requestId: string, type: string, at: string) => ({
      requestId,
      type,
      action_time: at,
      uuid: 'u1',
      fridge: 'F1',
      operation: 'UnlockDoor',
    });
    vi.mocked(rest).mockImplementation(async (route, request) => {
      const { path } = restTarget(route, request);
      if (path.startsWith('/reports/driverlog/cognitoemails')) return { emails: {} } as never;
      if (!path.includes('nextToken')) {
        return { items: [entry('a', 'request', '2026-11-25T16:00:00.000Z')], nextToken: 't2' } as never;
      }
      await second;
      return { items: [entry('b', 'request', '2026-11-25T17:00:00.000Z')], nextToken: null } as never;
    });
    const user = userEvent.setup();
    renderWithProviders(<StockingLogs />, { route: '/reports/stockinglogs' });
    await fetchRange(user, '2026-11-25T00:00', '2026-11-25T23:59');
    const first = await screen.findByRole('table', { name: 'Stocking logs' });
    expect(within(first).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(screen.getByText('Loading stocking logs… 1 so far')).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Stocking logs' }))
          .getAllByRole('row')
          .slice(1),
      ).toHaveLength(2),
    );
    expect(screen.queryByText(/^Loading stocking logs/)).not.toBeInTheDocument();
  });

  it("says 'NO Data to Load' when the range is empty, and refuses a reversed range before asking", async () => {
    vi.mocked(rest).mockImplementation(async (route, request) => {
      const { path } = restTarget(route, request);
      calls.push(path);
      return (path.includes('cognitoemails') ? { emails: {} } : { items: [], nextToken: null }) as never;
    });
    const user = userEvent.setup();
    renderWithProviders(<StockingLogs />, { route: '/reports/stockinglogs' });
    // While typing, an equal range is flagged in the spec's words (one message for one rule).
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), screen.getByLabelText<HTMLInputElement>('From').value);
    expect(screen.getByRole('alert')).toHaveTextContent('Start time cannot be equal or greater than end time');
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    await fetchRange(user, '2026-11-25T10:00', '2026-11-25T09:00');
    expect(await screen.findByText('Start time cannot be equal or greater than end time')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await fetchRange(user, '2026-11-25T08:00', '2026-11-25T09:00');
    expect(await screen.findByText('NO Data to Load')).toBeInTheDocument();
  });
});

describe('Route temperatures', () => {
  it('highlights readings above 41 and filters by route', async () => {
    vi.mocked(rest).mockResolvedValue({
      items: [
        {
          Location: 'CHI_1',
          DateTime: 1795622400,
          Temperature: 43.5,
          assignedRoute: 'r1',
          Kind: 'At stop',
          stockingIndex: 1,
          occurredAt: 'x',
        },
        {
          Location: 'CHI_2',
          DateTime: 1795622500,
          Temperature: 36,
          assignedRoute: 'r2',
          Kind: 'At stop',
          stockingIndex: 1,
          occurredAt: 'y',
        },
        {
          Location: 'DEPOT_CHI',
          DateTime: 1795620000,
          Temperature: 42,
          assignedRoute: 'r1',
          Kind: 'Van',
          stockingIndex: null,
          occurredAt: 'z',
        },
      ],
      nextToken: null,
    } as never);
    const user = userEvent.setup();
    renderWithProviders(<RouteTemperatures />, { route: '/reports/routetemperatures' });
    await fetchRange(user, '2026-11-25T00:00', '2026-11-25T23:59');
    const table = await screen.findByRole('table', { name: 'Route temperatures' });
    expect(within(table).getByText('43.5 (above 41)').closest('tr')).toHaveAttribute('data-highlight', 'error');
    expect(within(table).getByRole('link', { name: 'CHI_1' })).toHaveAttribute('href', '/locations/health/CHI_1');
    // A van reading is a row of its own kind, highlighted above 41 too.
    expect(within(table).getByRole('columnheader', { name: /Kind/ })).toBeInTheDocument();
    const van = within(table).getByText('42 (above 41)').closest('tr');
    expect(van).toHaveAttribute('data-highlight', 'error');
    expect(van).toHaveTextContent('DEPOT_CHI');
    expect(van).toHaveTextContent('Van');
    await user.selectOptions(screen.getByLabelText('Route'), 'r2');
    expect(within(table).queryByText('CHI_1')).toBeNull();
    expect(screen.getByRole('option', { name: 'All routes in this time range' })).toBeInTheDocument();
  });

  it('opens at the range and route in its address (Back from a fridge, a reload), and a new range shows every route', async () => {
    const reading = (Location: string, assignedRoute: string) => ({
      Location,
      DateTime: 1795622400,
      Temperature: 38,
      assignedRoute,
      Kind: 'At stop',
      stockingIndex: 1,
      occurredAt: Location,
    });
    vi.mocked(rest).mockImplementation(async (route, request) => {
      calls.push(restTarget(route, request).path);
      return { items: [reading('CHI_1', 'r1'), reading('CHI_2', 'r2')], nextToken: null } as never;
    });
    const user = userEvent.setup();
    renderWithProviders(<RouteTemperatures />, {
      route: '/reports/routetemperatures?from=2026-11-25T00%3A00&to=2026-11-25T23%3A59&route=r2',
    });
    // Fetched at once, for the range in the address, and filtered as it says.
    const table = await screen.findByRole('table', { name: 'Route temperatures' });
    expect(calls[0]).toContain(`startTime=${Date.parse('2026-11-25T06:00:00Z') / 1000}`);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-25T00:00');
    expect(screen.getByLabelText('Route')).toHaveValue('r2');
    expect(within(table).queryByText('CHI_1')).toBeNull();
    expect(within(table).getByText('CHI_2')).toBeInTheDocument();
    // Another range: its routes are others, so the filter starts again at every route.
    await fetchRange(user, '2026-11-26T00:00', '2026-11-26T23:59');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByText('CHI_1')).toBeInTheDocument();
    expect(screen.getByLabelText('Route')).toHaveValue('');
  });

  it('says why a range in its address is not fetched', async () => {
    renderWithProviders(<RouteTemperatures />, {
      route: '/reports/routetemperatures?from=2026-11-25T10%3A00&to=2026-11-25T09%3A00',
    });
    expect(await screen.findByText(REPORTS.notBefore)).toBeInTheDocument();
    expect(rest).not.toHaveBeenCalled();
  });
});

describe('Stock-outs', () => {
  it('shows the spec alert when loading fails', async () => {
    vi.mocked(rest).mockRejectedValue(new ApiError('boom', { status: 500 }));
    const user = userEvent.setup();
    renderWithProviders(<StockOuts />, { route: '/reports/stockouts' });
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unable to load data' });
    expect(dialog).toHaveTextContent('Unable to load data, Please check your internet and your permissions');
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { StockingDashboardView } from './StockingDashboardView';
import { connection, emit, resetRealtime } from '../lib/realtime-fake';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'sup@x.com', sub: 'sup-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('aws-amplify/api', async () => (await import('../lib/realtime-fake')).apiModule);
vi.mock('aws-amplify/utils', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/utils')>()),
  Hub: (await import('../lib/realtime-fake')).hub,
}));

const DAY = '2026-07-01';

/** The server's state of CHI_0001's stocked record. */
let stocked: boolean;
/** CHI_0001's scan, as the dashboard row carries it (null: the row has none). */
let scannedAt: string | null;
let corrections: Record<string, unknown>[];
let dashboardCalls: number;
/** What the next corrections answer: an error to throw, one at a time; then success. */
let failures: unknown[];
let historyAnswer: () => unknown;

const stop = (over: Record<string, unknown>) => ({
  stop: 1,
  stockingIndex: 1,
  stopType: 'DELIVERY',
  routeName: 'R1',
  locationId: 'CHI_0001',
  locationName: 'Willis',
  type: 'FRIDGE',
  scannedAt,
  stockedAt: null,
  stockedActionId: null,
  accountTier: 'Gold',
  onlineDate: '2024-01-02',
  safetyHold: 'No',
  vendingState: 'STATUS_0_READY',
  vendingStateLabel: 'READY',
  status: 'IN_PROGRESS',
  statusLabel: 'IN_PROGRESS',
  driver: 'driver1@fleet.local',
  lastActionAt: null,
  ...over,
});

function serve(actions: string[]) {
  vi.mocked(getMyAccess).mockResolvedValue({ actions, flags: [] } as never);
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('locationRoutes(')) return { locationRoutes: { routes: [{ route: 'R1', market: 'MW' }] } };
    if (q.includes('stockingDashboard(')) {
      dashboardCalls++;
      const first = stocked
        ? stop({
            stockedAt: '2026-07-01T15:20:00Z',
            stockedActionId: 'A1',
            status: 'COMPLETED',
            statusLabel: 'COMPLETED',
          })
        : stop({});
      return {
        stockingDashboard: {
          dropOffDate: DAY,
          windowStart: '2026-06-30T23:00:00Z',
          windowEnd: '2026-07-01T23:00:00Z',
          asOf: '2026-07-01T16:00:00Z',
          routeNames: ['R1'],
          routes: [
            {
              route: 'R1',
              market: 'MW',
              total: 2,
              done: stocked ? 1 : 0,
              lastActionAt: null,
              rowsDigest: null,
              unchanged: false,
              stops: [first, stop({ stop: 2, locationId: 'CHI_0002', status: 'NOT_STARTED', driver: null })],
            },
          ],
          summary: { total: 2, counts: [] },
          attention: { open: [], resolved: [], counts: [], digest: 'p0', unchanged: false, whole: true },
          parts: { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' },
        },
      };
    }
    if (q.includes('correctLocationStocked(')) {
      const input = (vars as { input: Record<string, unknown> }).input;
      corrections.push(input);
      const failure = failures.shift();
      if (failure) throw failure;
      if (input.change === 'VOID') stocked = false;
      return {
        correctLocationStocked: {
          actionId: input.actionId,
          locationId: input.locationId,
          stockingDay: input.stockingDay,
          stockingIndex: 1,
          change: input.change,
          occurredAt: input.occurredAt ?? null,
          stockedAt: input.change === 'VOID' ? null : input.occurredAt,
        },
      };
    }
    if (q.includes('stockedHistory(')) return { stockedHistory: historyAnswer() };
    throw new Error(`unexpected ${q.slice(0, 40)}`);
  });
}

beforeEach(() => {
  localStorage.clear();
  stocked = true;
  // 09:30 Central, before every time the tests re-time to unless they say otherwise.
  scannedAt = '2026-07-01T14:30:00Z';
  corrections = [];
  dashboardCalls = 0;
  failures = [];
  historyAnswer = () => ({ items: [], nextToken: null });
  vi.mocked(graphql).mockReset();
  resetRealtime();
});

async function showDashboard() {
  const user = userEvent.setup();
  renderWithProviders(<StockingDashboardView />);
  const dateField = await screen.findByLabelText(/Drop Off Date/);
  await user.clear(dateField);
  await user.type(dateField, DAY);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const table = await screen.findByRole('table', { name: 'Route R1 stops' });
  return { user, row: within(table).getByRole('row', { name: 'Stop 1 CHI_0001' }) };
}

async function openCorrect(user: ReturnType<typeof userEvent.setup>, row: HTMLElement) {
  await user.click(within(row).getByRole('button', { name: 'Correct stocked of CHI_0001' }));
  return screen.getByRole('dialog', { name: 'Correct stocked record of CHI_0001' });
}

const saveOf = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('Correcting a stocked record on the stocking dashboard', () => {
  it('voids the row’s LocationStocked with the reason, then closes, says so and reloads the dashboard', async () => {
    serve(ALL_ACTIONS);
    const { user, row } = await showDashboard();
    const dialog = await openCorrect(user, row);
    expect((within(dialog).getByRole('radio', { name: 'Void' }) as HTMLInputElement).checked).toBe(true);
    expect(saveOf(dialog).disabled).toBe(true); // no reason yet
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/Reason/));
    await user.type(within(dialog).getByLabelText(/Reason/), '  Driver was at another stop ');
    const before = dashboardCalls;
    await user.click(saveOf(dialog));

    expect(await screen.findByText('Stocked record of CHI_0001 voided')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Correct stocked record of CHI_0001' })).toBeNull();
    expect(corrections).toEqual([
      {
        stockingDay: DAY,
        locationId: 'CHI_0001',
        actionId: 'A1',
        change: 'VOID',
        reason: 'Driver was at another stop',
        requestId: expect.any(String),
      },
    ]);
    expect(corrections[0]).not.toHaveProperty('occurredAt');
    await waitFor(() => expect(dashboardCalls).toBeGreaterThan(before));
    const table = screen.getByRole('table', { name: 'Route R1 stops' });
    await waitFor(() =>
      // The status in words (2-fleet §4.4); the raw name stays in the CSV.
      expect(within(table).getByRole('row', { name: 'Stop 1 CHI_0001' })).toHaveTextContent('In Progress'),
    );
    expect(screen.queryByRole('button', { name: 'Correct stocked of CHI_0001' })).toBeNull();
  });

  it('a void made here does not flash, and its event does not come back as a second read (issue 61)', async () => {
    serve(ALL_ACTIONS);
    const { user, row } = await showDashboard();
    act(() => connection('Connected'));
    const dialog = await openCorrect(user, row);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Driver was at another stop');
    const before = dashboardCalls;
    await user.click(saveOf(dialog));
    const table = screen.getByRole('table', { name: 'Route R1 stops' });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: 'Stop 1 CHI_0001' })).toHaveTextContent('In Progress'),
    );
    expect(dashboardCalls).toBe(before + 1);
    // The user's own change: shown at once, not marked as someone else's.
    expect(within(table).queryByText('Changed')).toBeNull();
    expect(screen.getByRole('region', { name: 'Route R1' })).not.toHaveAttribute('data-changed');
    // Its event arrives: nothing more is read.
    act(() =>
      emit({
        route: 'R1',
        locationId: 'CHI_0001',
        stockingIndex: 1,
        kind: 'ACTION',
        changedAt: new Date().toISOString(),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(dashboardCalls).toBe(before + 1);
  });

  it('re-times it to the Central time typed, sent as an instant with its offset', async () => {
    serve(ALL_ACTIONS);
    const { user, row } = await showDashboard();
    const dialog = await openCorrect(user, row);
    await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
    const when = within(dialog).getByLabelText(/Stocked at \(CT\)/) as HTMLInputElement;
    expect(when.value).toBe('2026-07-01T10:20'); // the stocked time shown, in Central
    expect(when.min).toBe('2026-06-30T18:00');
    expect(when.max).toBe('2026-07-01T17:59');
    await user.clear(when);
    await user.type(when, '2026-07-01T09:45');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Device clock was late');
    await user.click(saveOf(dialog));

    expect(await screen.findByText('Stocked record of CHI_0001 re-timed to 2026-07-01 09:45:00 CT')).toBeTruthy();
    expect(corrections).toEqual([
      {
        stockingDay: DAY,
        locationId: 'CHI_0001',
        actionId: 'A1',
        change: 'RETIME',
        occurredAt: '2026-07-01T09:45:00-05:00',
        reason: 'Device clock was late',
        requestId: expect.any(String),
      },
    ]);
  });

  it('needs a reason (Save stays disabled for blanks) and a time to re-time', async () => {
    serve(ALL_ACTIONS);
    const { user, row } = await showDashboard();
    const dialog = await openCorrect(user, row);
    await user.type(within(dialog).getByLabelText(/Reason/), '   ');
    expect(saveOf(dialog).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Reason/), 'x');
    expect(saveOf(dialog).disabled).toBe(false);
    await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
    await user.clear(within(dialog).getByLabelText(/Stocked at \(CT\)/));
    expect(saveOf(dialog).disabled).toBe(true);
    expect((within(dialog).getByLabelText(/Reason/) as HTMLInputElement).maxLength).toBe(100);
    expect(corrections).toEqual([]);
  });

  it("shows the server's refusal in the dialog, and resends the same request after a lost answer", async () => {
    serve(ALL_ACTIONS);
    failures = [
      new TypeError('Failed to fetch'),
      new ApiError('The new time cannot be in the future', { errorType: 'BadRequest' }),
    ];
    const { user, row } = await showDashboard();
    const dialog = await openCorrect(user, row);
    await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Late');

    await user.click(saveOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The stocked record could not be corrected.');
    await user.click(saveOf(dialog));
    expect(await within(dialog).findByText('The new time cannot be in the future')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Correct stocked record of CHI_0001' })).toBeTruthy();
    // The retry after the network failure was the same request; after a refusal, a new one.
    expect(corrections[1].requestId).toBe(corrections[0].requestId);
    await user.click(saveOf(dialog));
    await screen.findByText('Stocked record of CHI_0001 re-timed to 2026-07-01 10:20:00 CT');
    expect(corrections).toHaveLength(3);
    expect(corrections[2].requestId).not.toBe(corrections[1].requestId);
  });

  it('offers no Correct button without SuperviseStocking, only the history', async () => {
    let loaded = () => {};
    const accessLoaded = new Promise<void>((resolve) => (loaded = resolve));
    serve(ALL_ACTIONS.filter((a) => a !== 'SuperviseStocking'));
    const access = vi.mocked(getMyAccess).getMockImplementation()!;
    vi.mocked(getMyAccess).mockImplementation(async () => {
      const answer = await access();
      loaded();
      return answer;
    });
    const { row } = await showDashboard();
    await accessLoaded;
    expect(within(row).getByRole('button', { name: 'Stocked history of CHI_0001' })).toBeTruthy();
    await waitFor(() => expect(within(row).queryByRole('button', { name: /^Correct stocked/ })).toBeNull());
  });

  it('shows the stop’s stocked history with each reason, to any dashboard user', async () => {
    serve(ALL_ACTIONS.filter((a) => a !== 'SuperviseStocking'));
    historyAnswer = () => ({
      nextToken: null,
      items: [
        {
          at: '2026-07-01T16:00:00.000Z',
          who: 'sup@x.com',
          source: 'stocking-correction',
          changes: [
            {
              attribute: 'LocationStocked A1 by driver1@fleet.local',
              oldValue: '"2026-07-01T15:20:00.000Z"',
              newValue: 'null',
              reason: 'Driver was at another stop',
            },
            {
              attribute: 'stockedTimeUTC',
              oldValue: '"2026-07-01T15:20:00.000Z"',
              newValue: 'null',
              reason: 'Driver was at another stop',
            },
          ],
        },
      ],
    });
    const { user, row } = await showDashboard();
    await user.click(within(row).getByRole('button', { name: 'Stocked history of CHI_0001' }));
    const dialog = screen.getByRole('dialog', { name: `Stocked history of CHI_0001 on ${DAY}` });
    const list = await within(dialog).findByRole('list', { name: 'Stocked history of CHI_0001' });
    expect(list).toHaveTextContent('2026-07-01 11:00:00 CT');
    expect(list).toHaveTextContent('sup@x.com');
    expect(list).toHaveTextContent(
      'LocationStocked A1 by driver1@fleet.local: 2026-07-01 10:20:00 CT → none (Reason: Driver was at another stop)',
    );
    expect(list).toHaveTextContent('Stop stocked at: 2026-07-01 10:20:00 CT → none');
    const asked = vi.mocked(graphql).mock.calls.find(([doc]) => String(doc).includes('stockedHistory('));
    expect(asked?.[1]).toEqual({ stockingDay: DAY, locationId: 'CHI_0001', stockingIndex: 1, nextToken: null });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('marks a re-time the server would refuse as it is typed, and keeps Save disabled', () => {
    const timeField = (dialog: HTMLElement) => within(dialog).getByLabelText(/Stocked at \(CT\)/) as HTMLInputElement;
    async function retime(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, wall: string) {
      await user.clear(timeField(dialog));
      await user.type(timeField(dialog), wall);
    }
    /** The field's own error text, tied to it (aria-describedby). */
    const fieldError = (dialog: HTMLElement) => {
      const field = timeField(dialog);
      const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
    };

    it('before the stop’s scan, in the server’s words with the scan’s time in Central', async () => {
      scannedAt = '2026-07-01T15:04:00Z'; // 10:04 Central
      serve(ALL_ACTIONS);
      const { user, row } = await showDashboard();
      const dialog = await openCorrect(user, row);
      await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
      await user.type(within(dialog).getByLabelText(/Reason/), 'Device clock was late');
      // The stocked time shown (10:20) is after the scan: nothing to mark.
      expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'false');
      expect(saveOf(dialog).disabled).toBe(false);
      expect(dialog).toHaveTextContent('nor before the scan at 10:04.');

      await retime(user, dialog, '2026-07-01T09:45');
      expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'true');
      expect(fieldError(dialog)).toContain('The stocked time cannot be before the scan at 10:04.');
      expect(saveOf(dialog).disabled).toBe(true);
      // Enter sends nothing either.
      await user.type(within(dialog).getByLabelText(/Reason/), '{Enter}');
      expect(corrections).toEqual([]);

      await retime(user, dialog, '2026-07-01T10:05');
      expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'false');
      expect(within(dialog).queryByText('The stocked time cannot be before the scan at 10:04.')).toBeNull();
      expect(saveOf(dialog).disabled).toBe(false);
      await user.click(saveOf(dialog));
      expect(await screen.findByText('Stocked record of CHI_0001 re-timed to 2026-07-01 10:05:00 CT')).toBeTruthy();
      expect(corrections).toEqual([
        expect.objectContaining({ change: 'RETIME', occurredAt: '2026-07-01T10:05:00-05:00' }),
      ]);
    });

    it('outside the stocking day', async () => {
      serve(ALL_ACTIONS);
      const { user, row } = await showDashboard();
      const dialog = await openCorrect(user, row);
      await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
      await user.type(within(dialog).getByLabelText(/Reason/), 'Late');
      const outside =
        'The new time must be within the stocking day 2026-07-01: from 2026-06-30 18:00 to 2026-07-01 17:59 CT.';
      for (const wall of ['2026-07-01T18:30', '2026-06-30T17:00']) {
        await retime(user, dialog, wall);
        expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'true');
        expect(fieldError(dialog)).toContain(outside);
        expect(saveOf(dialog).disabled).toBe(true);
      }
      expect(corrections).toEqual([]);
    });

    it('in the future', async () => {
      // 2026-07-01 11:00 Central: the stocking day is today.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-07-01T16:00:00Z') });
      try {
        serve(ALL_ACTIONS);
        const { user, row } = await showDashboard();
        const dialog = await openCorrect(user, row);
        await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
        await user.type(within(dialog).getByLabelText(/Reason/), 'Late');
        await retime(user, dialog, '2026-07-01T11:30');
        expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'true');
        expect(fieldError(dialog)).toContain('The new time cannot be in the future.');
        expect(saveOf(dialog).disabled).toBe(true);
        await retime(user, dialog, '2026-07-01T10:59');
        expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'false');
        expect(saveOf(dialog).disabled).toBe(false);
        expect(corrections).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });

    it('without the scan in the row, leaves it to the server and shows its refusal', async () => {
      scannedAt = null;
      serve(ALL_ACTIONS);
      failures = [new ApiError('The stocked time cannot be before the scan at 10:04.', { errorType: 'BadRequest' })];
      const { user, row } = await showDashboard();
      const dialog = await openCorrect(user, row);
      await user.click(within(dialog).getByRole('radio', { name: 'Re-time' }));
      await user.type(within(dialog).getByLabelText(/Reason/), 'Late');
      await retime(user, dialog, '2026-07-01T09:45');
      expect(timeField(dialog)).toHaveAttribute('aria-invalid', 'false');
      expect(dialog).not.toHaveTextContent('before the scan');
      await user.click(saveOf(dialog));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'The stocked time cannot be before the scan at 10:04.',
      );
      expect(corrections).toHaveLength(1);
    });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import type { AttentionItem } from '../lib/attention';
import { KINDS, attentionItem } from '../lib/attention-fixtures';
import { StockingDashboardView } from './StockingDashboardView';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
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
const STUCK = 'STOP_STUCK|CHI_0001|1|S1';
const UNREACHABLE = 'UNREACHABLE|A2';
const QUIET = 'DRIVER_QUIET|R1|A0';

/** The day's items, as the server words them before anyone takes them. */
const ITEMS: AttentionItem[] = [
  attentionItem(STUCK, 'STOP_STUCK', {
    stop: 1,
    stockingIndex: 1,
    locationId: 'CHI_0001',
    sinceCentral: '09:45',
    facts: 'Scanned by d1@fleet.local at 09:00 and not stocked within 45 minutes',
  }),
  attentionItem(UNREACHABLE, 'UNREACHABLE', {
    stop: 2,
    stockingIndex: 1,
    locationId: 'CHI_0002',
    sinceCentral: '09:50',
    facts: 'd1@fleet.local could not reach the stop: Gate locked',
  }),
  attentionItem(QUIET, 'DRIVER_QUIET', {
    sinceCentral: '09:55',
    facts: 'd1@fleet.local has recorded nothing since 08:55 (60 minutes) with stops left',
    // Taken already, by someone else: open still (it ends when the driver acts again).
    taken: 'taken by Ann Lee at 09:58: calling the driver',
  }),
];

/** Items a test adds to the day's. */
let extraItems: AttentionItem[];
/** The server's acknowledgements (key → taken). */
let taken: Record<string, string>;
/** Whether the dashboard's answers carry the acknowledgements yet (a read behind the write: not yet). */
let answersShowTaken: boolean;
let acks: Record<string, unknown>[];
let dashboardCalls: number;
/** What the next acknowledgements answer: an error to throw, one at a time; then success. */
let failures: unknown[];

const stop = (n: number, locationId: string) => ({
  stop: n,
  stockingIndex: 1,
  stopType: 'DELIVERY',
  routeName: 'R1',
  locationId,
  locationName: 'Willis',
  type: 'FRIDGE',
  scannedAt: null,
  stockedAt: null,
  stockedActionId: null,
  accountTier: 'Gold',
  onlineDate: '2024-01-02',
  safetyHold: 'No',
  vendingState: 'STATUS_0_READY',
  vendingStateLabel: 'READY',
  status: 'NOT_STARTED',
  statusLabel: 'NOT_STARTED',
  driver: null,
  assignedDriver: null,
  notAssignee: false,
  lastActionAt: null,
});

/** The panel as the server answers it: a taken Temperature or Unreachable item has ended. */
function attention() {
  const items = [...ITEMS, ...extraItems].map((i) => {
    const t = answersShowTaken ? (taken[i.key] ?? i.taken) : i.taken;
    // As the server (attention.rs): an acknowledgement ends a Temperature, Unreachable or Route claimed item.
    const ends = t && t !== i.taken && ['TEMPERATURE', 'UNREACHABLE', 'ROUTE_CLAIMED'].includes(i.kind);
    return ends
      ? { ...i, taken: t, endedAt: '2026-07-01T15:30:00Z', endedHow: 'acknowledged by Ops at 10:30' }
      : { ...i, taken: t };
  });
  const open = items.filter((i) => !i.endedHow);
  return {
    open,
    resolved: items.filter((i) => i.endedHow),
    counts: KINDS.map(([kind, label]) => ({ kind, label, open: open.filter((i) => i.kind === kind).length })),
    digest: 'p1',
    unchanged: false,
    whole: true,
  };
}

function serve(actions: string[]) {
  vi.mocked(getMyAccess).mockResolvedValue({ actions, flags: [] } as never);
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('locationRoutes(')) return { locationRoutes: { routes: [{ route: 'R1', market: 'MW' }] } };
    if (q.includes('stockingDashboard(')) {
      dashboardCalls++;
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
              done: 0,
              lastActionAt: null,
              rowsDigest: null,
              unchanged: false,
              stops: [stop(1, 'CHI_0001'), stop(2, 'CHI_0002')],
            },
          ],
          summary: { total: 2, counts: [] },
          attention: attention(),
          parts: { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' },
        },
      };
    }
    if (q.includes('acknowledgeAttention(')) {
      const input = (vars as { input: Record<string, string> }).input;
      acks.push(input);
      const failure = failures.shift();
      if (failure) throw failure;
      const answer = `taken by Ops at 10:30: ${input.note}`;
      taken[input.key] = answer;
      return {
        acknowledgeAttention: {
          stockingDay: input.stockingDay,
          key: input.key,
          by: 'Ops',
          at: '2026-07-01T15:30:00Z',
          note: input.note,
          taken: answer,
        },
      };
    }
    throw new Error(`unexpected ${q.slice(0, 40)}`);
  });
}

beforeEach(() => {
  localStorage.clear();
  extraItems = [];
  taken = {};
  answersShowTaken = true;
  acks = [];
  dashboardCalls = 0;
  failures = [];
  vi.mocked(graphql).mockReset();
});

async function showDashboard() {
  const user = userEvent.setup();
  renderWithProviders(<StockingDashboardView />);
  const dateField = await screen.findByLabelText(/Drop Off Date/);
  await user.clear(dateField);
  await user.type(dateField, DAY);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const panel = await screen.findByRole('region', { name: /^Needs attention/ });
  return { user, panel };
}

const openList = (panel: HTMLElement) => within(panel).getByRole('list', { name: 'Open items' });
const entryOf = (panel: HTMLElement, key: string) => panel.querySelector<HTMLElement>(`li[data-key="${key}"]`)!;
const ACK_STUCK = 'Acknowledge Stop stuck at stop 1 of route R1';
const ACK_UNREACHABLE = 'Acknowledge Unreachable at stop 2 of route R1';

async function openAck(user: ReturnType<typeof userEvent.setup>, panel: HTMLElement, name: string) {
  await user.click(await within(panel).findByRole('button', { name }));
  return screen.getByRole('dialog', { name });
}

const ackOf = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Acknowledge' }) as HTMLButtonElement;

describe('Acknowledging a Needs-attention item', () => {
  it('offers Acknowledge on each open item nobody took, to a user with AcknowledgeAttention', async () => {
    serve(ALL_ACTIONS);
    const { panel } = await showDashboard();
    const list = openList(panel);
    await within(list).findByRole('button', { name: ACK_STUCK });
    expect(within(list).getByRole('button', { name: ACK_UNREACHABLE })).toHaveTextContent(/^Acknowledge$/);
    // Taken already: who took it instead of the button.
    const quiet = entryOf(panel, QUIET);
    expect(within(quiet).getByText('taken by Ann Lee at 09:58: calling the driver')).toBeTruthy();
    expect(within(quiet).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    expect(within(list).getAllByRole('button', { name: /^Acknowledge/ })).toHaveLength(2);
  });

  it('offers no Acknowledge without AcknowledgeAttention', async () => {
    let loaded = () => {};
    const accessLoaded = new Promise<void>((resolve) => (loaded = resolve));
    serve(ALL_ACTIONS.filter((a) => a !== 'AcknowledgeAttention'));
    const access = vi.mocked(getMyAccess).getMockImplementation()!;
    vi.mocked(getMyAccess).mockImplementation(async () => {
      const answer = await access();
      loaded();
      return answer;
    });
    const { panel } = await showDashboard();
    await accessLoaded;
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /^Acknowledge/ })).toBeNull());
    // The rest of the panel is the same.
    expect(within(panel).getByRole('button', { name: 'Show stop 2 of route R1' })).toBeTruthy();
    expect(within(panel).getByText('taken by Ann Lee at 09:58: calling the driver')).toBeTruthy();
  });

  it('names the item, states its facts, and needs a note of at most 500 characters; Escape closes it', async () => {
    // Today in the same year as the items' day, so the date is said without its year (a later year adds it).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T15:00:00Z') });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    serve(ALL_ACTIONS);
    const { user, panel } = await showDashboard();
    const dialog = await openAck(user, panel, ACK_STUCK);
    // The day's items were raised on an earlier day than today: their date is said.
    expect(dialog).toHaveTextContent(
      'Stop stuck: Route R1 · Stop 1 · CHI_0001, since Jul 1 09:45 CT, stocking day 2026-07-01',
    );
    expect(dialog).toHaveTextContent('Scanned by d1@fleet.local at 09:00 and not stocked within 45 minutes');
    const note = within(dialog).getByRole('textbox', { name: /Note/ }) as HTMLInputElement;
    expect(document.activeElement).toBe(note);
    expect(note.required).toBe(true);
    expect(note.maxLength).toBe(500);
    expect(dialog).toHaveTextContent('at most 500 characters');
    expect(ackOf(dialog).disabled).toBe(true);
    await user.type(note, '   ');
    expect(ackOf(dialog).disabled).toBe(true);
    // Enter on a blank note sends nothing either.
    await user.type(note, '{Enter}');
    await user.type(note, 'x');
    expect(ackOf(dialog).disabled).toBe(false);
    await user.clear(note);
    await user.paste('y'.repeat(510));
    expect(note.value).toHaveLength(500);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: ACK_STUCK }));
    expect(acks).toEqual([]);
  });

  it('shows who took it at once; the dashboard reloads, and an Unreachable item moves to Resolved today', async () => {
    serve(ALL_ACTIONS);
    // The first reload does not carry it yet: the page shows its own answer meanwhile.
    answersShowTaken = false;
    const { user, panel } = await showDashboard();
    const dialog = await openAck(user, panel, ACK_STUCK);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), '  calling the driver {Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(acks).toEqual([{ stockingDay: DAY, key: STUCK, note: 'calling the driver', requestId: expect.any(String) }]);
    const stuck = entryOf(panel, STUCK);
    expect(within(stuck).getByText('taken by Ops at 10:30: calling the driver')).toBeTruthy();
    expect(within(stuck).queryByRole('button', { name: /^Acknowledge/ })).toBeNull();
    // The focus is on the item, which stays open (a stuck stop ends when it is stocked).
    expect(document.activeElement).toBe(stuck);
    expect(
      await screen.findByText('Stop stuck at stop 1 of route R1: taken by Ops at 10:30: calling the driver'),
    ).toBeTruthy();
    await waitFor(() => expect(dashboardCalls).toBeGreaterThan(1));
    expect(within(entryOf(panel, STUCK)).getByText('taken by Ops at 10:30: calling the driver')).toBeTruthy();

    // From now on the answers carry it; the Unreachable item ends by its acknowledgement.
    answersShowTaken = true;
    const calls = dashboardCalls;
    const unreachable = await openAck(user, panel, ACK_UNREACHABLE);
    await user.type(within(unreachable).getByRole('textbox', { name: /Note/ }), 'site closed today');
    await user.click(ackOf(unreachable));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(dashboardCalls).toBeGreaterThan(calls));
    await waitFor(() => expect(within(openList(panel)).queryByText(/Gate locked/)).toBeNull());
    const resolved = within(panel).getByRole('list', { name: 'Resolved today', hidden: true });
    const ended = entryOf(resolved, UNREACHABLE);
    expect(ended).toHaveTextContent('taken by Ops at 10:30: site closed today');
    expect(ended).toHaveTextContent('Ended: acknowledged by Ops at 10:30');
    expect(within(panel).getByText('Resolved today (1)')).toBeTruthy();
    // Its row went: the focus is on the panel's heading.
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 }));
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Needs attention · 2 open');
  });

  it('shows a refusal in the dialog in the server’s words, and reloads the panel to show who took it', async () => {
    serve(ALL_ACTIONS);
    failures = [new ApiError('This item was already taken by Ann Lee at 10:01: on my way', { errorType: 'Conflict' })];
    const { user, panel } = await showDashboard();
    const dialog = await openAck(user, panel, ACK_UNREACHABLE);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'site closed');
    const calls = dashboardCalls;
    // Someone took it a moment before.
    taken[UNREACHABLE] = 'taken by Ann Lee at 10:01: on my way';
    await user.click(ackOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This item was already taken by Ann Lee at 10:01: on my way',
    );
    expect(screen.getByRole('dialog', { name: ACK_UNREACHABLE })).toBeTruthy();
    await waitFor(() => expect(dashboardCalls).toBeGreaterThan(calls));
    // Typing again clears the message.
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), '!');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // The reload shows who took it: the item ended, under Resolved today.
    await waitFor(() => expect(within(openList(panel)).queryByText(/Gate locked/)).toBeNull());
    expect(within(panel).getByText('Resolved today (1)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Its button went with it: the focus is on the panel's heading.
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 }));
  });

  it('resends the same requestId after a lost answer, and a new one after a refusal', async () => {
    serve(ALL_ACTIONS);
    failures = [
      new TypeError('Failed to fetch'),
      new ApiError('Internal error', { errorType: 'InternalError' }),
      new ApiError('A note is required to acknowledge an item', { errorType: 'BadRequest' }),
    ];
    const { user, panel } = await showDashboard();
    const dialog = await openAck(user, panel, ACK_UNREACHABLE);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'site closed');

    await user.click(ackOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The item could not be acknowledged.');
    await user.click(ackOf(dialog));
    expect(await within(dialog).findByText('Internal error')).toBeTruthy();
    await user.click(ackOf(dialog));
    expect(await within(dialog).findByText('A note is required to acknowledge an item')).toBeTruthy();
    // The retries after the network and the server failure were the first request; after a refusal, a new one.
    expect(acks[1].requestId).toBe(acks[0].requestId);
    expect(acks[2].requestId).toBe(acks[0].requestId);
    await user.click(ackOf(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(acks).toHaveLength(4);
    expect(acks[3].requestId).not.toBe(acks[0].requestId);
    expect(acks.map((a) => a.note)).toEqual(['site closed', 'site closed', 'site closed', 'site closed']);
  });

  it('keeps the request when the dialog is closed after a lost answer and opened again', async () => {
    serve(ALL_ACTIONS);
    failures = [new TypeError('Failed to fetch')];
    const { user, panel } = await showDashboard();
    let dialog = await openAck(user, panel, ACK_STUCK);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'on it');
    await user.click(ackOf(dialog));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = await openAck(user, panel, ACK_STUCK);
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'on it');
    await user.click(ackOf(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(acks.map((a) => a.requestId)).toEqual([acks[0].requestId, acks[0].requestId]);
  });

  it('acknowledges a claimed route like the others: the reload moves it to Resolved today', async () => {
    serve(ALL_ACTIONS);
    const CLAIMED = 'ROUTE_CLAIMED|R1|d2';
    extraItems = [
      attentionItem(CLAIMED, 'ROUTE_CLAIMED', {
        sinceCentral: '06:12',
        facts: 'route claimed by Dee Diaz at 06:12: LocationScanned at CHI_0001',
      }),
    ];
    const { user, panel } = await showDashboard();
    const dialog = await openAck(user, panel, 'Acknowledge Route claimed on route R1');
    expect(dialog).toHaveTextContent('route claimed by Dee Diaz at 06:12: LocationScanned at CHI_0001');
    const calls = dashboardCalls;
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Dee covers R1 today');
    await user.click(ackOf(dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(acks).toEqual([
      { stockingDay: DAY, key: CLAIMED, note: 'Dee covers R1 today', requestId: expect.any(String) },
    ]);
    expect(
      await screen.findByText('Route claimed on route R1: taken by Ops at 10:30: Dee covers R1 today'),
    ).toBeTruthy();
    await waitFor(() => expect(dashboardCalls).toBeGreaterThan(calls));
    await waitFor(() => expect(within(openList(panel)).queryByText(/route claimed by Dee Diaz/)).toBeNull());
    const resolved = within(panel).getByRole('list', { name: 'Resolved today', hidden: true });
    const ended = entryOf(resolved, CLAIMED);
    expect(ended).toHaveTextContent('taken by Ops at 10:30: Dee covers R1 today');
    expect(ended).toHaveTextContent('Ended: acknowledged by Ops at 10:30');
  });
});

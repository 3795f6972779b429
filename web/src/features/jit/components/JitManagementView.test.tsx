import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { graphql } from '@/lib/api';
import type { JitUpdateInput } from '@/generated/gql/graphql';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import type { JitRow } from '../api/jit-management';
import { JitManagementView } from './JitManagementView';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

const DATE = '2061-03-04';
const row = (id: string, stop: number, over: Partial<JitRow> = {}): JitRow => ({
  stockingId: `${DATE}#${id}#1`,
  region: 'NE',
  market: 'NE',
  routeId: 'ne-01',
  locationId: id,
  stop,
  stockingIndex: 1,
  jitEnabled: 'Y',
  stockedTimeUTC: null,
  jitUnits: 12,
  lockedReason: null,
  update: null,
  ...over,
});
const name = (id: string, stop: number, route = 'ne-01') => `${id} (route ${route}, stop ${stop})`;

/** What the server recorded: the rows answer it on the next read. */
let recorded: Map<string, { jit: boolean; reason: string | null }>;
let sent: JitUpdateInput[][];

function rows(): JitRow[] {
  const base = [
    row('A', 1),
    row('B', 2),
    row('C', 3),
    row('STOCKED', 4, { stockedTimeUTC: `${DATE}T15:00:00.000Z`, lockedReason: 'Already stocked' }),
    row('PLAIN', 5, { jitEnabled: 'N', jitUnits: 0, lockedReason: 'JIT is not enabled (N)' }),
    row('BARE', 6, { jitEnabled: null, jitUnits: 0, lockedReason: 'No fridge order (JIT flag empty)' }),
    row('DONE', 7, {
      jitEnabled: 'N',
      lockedReason: 'JIT status already updated',
      update: { jit: false, reason: 'Staff Shortage', email: 'lead@x.com', updatedAt: `${DATE}T09:00:00Z` },
    }),
    row('WEST', 1, { region: 'WC', market: 'WC', routeId: 'la-02' }),
  ];
  return base.map((r) => {
    const u = recorded.get(r.stockingId);
    if (!u) return r;
    return {
      ...r,
      jitEnabled: u.jit ? 'Y' : 'N',
      lockedReason: 'JIT status already updated',
      update: { jit: u.jit, reason: u.reason, email: 'ops@x.com', updatedAt: `${DATE}T10:00:00Z` },
    };
  });
}

beforeEach(() => {
  recorded = new Map();
  sent = [];
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: ['jit-management'] } as never);
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('jitManagement(')) {
      expect(vars).toEqual({ input: { dropOffDate: DATE } });
      return { jitManagement: { dropOffDate: DATE, rows: rows() } };
    }
    if (q.includes('updateJITLocationStatus(')) {
      const input = (vars as { input: JitUpdateInput[] }).input;
      sent.push(input);
      return {
        updateJITLocationStatus: input.map((i) => {
          const refused = i.stockingId.includes('#C#');
          if (!refused) recorded.set(i.stockingId, { jit: i.jitIndicator, reason: i.reason ?? null });
          return {
            stockingId: i.stockingId,
            message: refused ? 'The JIT status of C was already updated by boss@x.com' : 'JIT status updated',
            orderId: null,
            jitStatusUpdate: !refused,
            jitAllocationItemsClear: !refused && !i.jitIndicator,
            error: refused ? 'The JIT status of C was already updated by boss@x.com' : null,
          };
        }),
      };
    }
    throw new Error(`unexpected ${q}`);
  });
});

async function search() {
  const user = userEvent.setup();
  renderWithProviders(<JitManagementView />);
  await user.clear(screen.getByLabelText(/Drop Off Date/));
  await user.type(screen.getByLabelText(/Drop Off Date/), DATE);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByRole('table', { name: `Route stops of ${DATE}` });
  return user;
}

const checkbox = (id: string, stop: number, route?: string) =>
  screen.getByRole('checkbox', { name: `Select ${name(id, stop, route)}` }) as HTMLInputElement;
const statusOf = (id: string, stop: number) =>
  screen.getByRole('combobox', { name: `Change JIT Status of ${name(id, stop)}` }) as HTMLSelectElement;
const reasonOf = (id: string, stop: number) =>
  screen.getByRole('combobox', { name: `Reason of ${name(id, stop)}` }) as HTMLSelectElement;
/** The text of a row's cell under a header. */
function cell(id: string, stop: number, header: string) {
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());
  const r = screen.getByRole('row', { name: name(id, stop) });
  return within(r).getAllByRole('cell')[headers.indexOf(header)].textContent;
}

describe('JitManagementView', () => {
  it('defaults the date to today in Central time', async () => {
    renderWithProviders(<JitManagementView />);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    await waitFor(() => expect(screen.getByLabelText(/Drop Off Date/)).toHaveValue(today));
  });

  it('locks the rows the server locked, with the reason as their tooltip', async () => {
    await search();
    expect(screen.getByRole('heading', { name: `JIT Management for ${DATE}` })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Select',
      'Region',
      'Route ID',
      'Location ID',
      'Stop #',
      'JIT Enabled?',
      'Change JIT Status',
      'Reason',
      'Updated By',
    ]);
    for (const [id, stop, reason] of [
      ['STOCKED', 4, 'Already stocked'],
      ['PLAIN', 5, 'JIT is not enabled (N)'],
      ['BARE', 6, 'No fridge order (JIT flag empty)'],
      ['DONE', 7, 'JIT status already updated'],
    ] as const) {
      expect(checkbox(id, stop)).toBeDisabled();
      expect(checkbox(id, stop)).toHaveAttribute('title', reason);
      expect(statusOf(id, stop)).toBeDisabled();
      expect(statusOf(id, stop)).toHaveAttribute('title', reason);
    }
    // Each row locked with no update of its own says why in its Reason cell (issue 43), where an
    // updated row shows its update's reason.
    for (const [id, stop, reason] of [
      ['STOCKED', 4, 'Already stocked'],
      ['PLAIN', 5, 'JIT is not enabled (N)'],
      ['BARE', 6, 'No fridge order (JIT flag empty)'],
    ] as const) {
      expect(cell(id, stop, 'Reason')).toBe(`Locked: ${reason}`);
      expect(screen.queryByRole('combobox', { name: `Reason of ${name(id, stop)}` })).toBeNull();
    }
    expect(reasonOf('DONE', 7)).toBeDisabled();
    expect(checkbox('A', 1)).toBeEnabled();
    expect(statusOf('A', 1)).toBeEnabled();
    expect(cell('BARE', 6, 'JIT Enabled?')).toBe('-');
    expect(cell('PLAIN', 5, 'JIT Enabled?')).toBe('N');
    expect(cell('A', 1, 'JIT Enabled?')).toBe('Y');
    // A recorded update shows its status, reason and author.
    expect(statusOf('DONE', 7).value).toBe('Off');
    expect(reasonOf('DONE', 7).value).toBe('Staff Shortage');
    expect(cell('DONE', 7, 'Updated By')).toBe('lead@x.com');
    expect(cell('A', 1, 'Updated By')).toBe('');
    // Select all takes only the shown rows that are not locked.
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Select all shown rows' }));
    expect(checkbox('A', 1).checked && checkbox('WEST', 1, 'la-02').checked).toBe(true);
    expect(checkbox('STOCKED', 4).checked).toBe(false);
  });

  it('filters by region, market, route and location id', async () => {
    const user = await search();
    expect(screen.getByText('8 of 8 route stops')).toBeTruthy();
    const region = screen.getByRole('group', { name: 'Region' });
    await user.click(within(region).getByRole('checkbox', { name: 'WC' }));
    expect(screen.getByText('1 of 8 route stops')).toBeTruthy();
    expect(screen.getByRole('row', { name: name('WEST', 1, 'la-02') })).toBeTruthy();
    await user.click(within(region).getByRole('checkbox', { name: 'NE' }));
    await user.click(within(screen.getByRole('group', { name: 'Market' })).getByRole('checkbox', { name: 'NE' }));
    expect(screen.getByText('7 of 8 route stops')).toBeTruthy();
    await user.type(screen.getByLabelText('Search by Location ID'), 'a');
    // A, PLAIN, BARE (any case); WEST is not in market NE.
    expect(screen.getByText('3 of 8 route stops')).toBeTruthy();
    await user.type(screen.getByLabelText('Search by Route ID'), 'LA-');
    expect(screen.getByText('0 of 8 route stops')).toBeTruthy();
  });

  it('needs a reason for Off: Update JIT names the rows without one and sends nothing', async () => {
    const user = await search();
    expect(screen.getByRole('button', { name: 'Update JIT' })).toBeDisabled();
    expect(reasonOf('A', 1)).toBeDisabled();
    await user.selectOptions(statusOf('A', 1), 'Off');
    expect(reasonOf('A', 1)).toBeEnabled();
    expect(
      within(reasonOf('A', 1))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a reason',
      'Driver Call Off',
      'Driver Training',
      'Linehaul Delay',
      'Staff Shortage',
      'Van Issue',
      'Other',
    ]);
    await user.selectOptions(statusOf('B', 2), 'On');
    expect(reasonOf('B', 2)).toBeDisabled();
    expect(screen.getByText('Choose a reason for 1 row set to Off before updating.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Update JIT' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Choose a reason' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Rows without a reason' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    expect(within(dialog).getByText(name('A', 1))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(sent).toEqual([]);
    expect(screen.queryByRole('alertdialog', { name: 'Update JIT' })).toBeNull();
  });

  it('Bulk Update needs a checked row and sets every checked row', async () => {
    const user = await search();
    const bulk = screen.getByRole('button', { name: 'Bulk Update' });
    expect(bulk).toBeDisabled();
    expect(bulk).toHaveAttribute('title', 'Check at least one row');
    await user.click(checkbox('A', 1));
    await user.click(checkbox('B', 2));
    // A locked row cannot be checked.
    await user.click(checkbox('STOCKED', 4));
    expect(checkbox('STOCKED', 4).checked).toBe(false);
    await user.click(bulk);
    const dialog = screen.getByRole('dialog', { name: 'Bulk Update' });
    expect(within(dialog).getByText('2 rows checked.')).toBeTruthy();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('JIT Status'), 'Off');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Driver Training');
    await user.click(apply);
    expect(screen.queryByRole('dialog', { name: 'Bulk Update' })).toBeNull();
    for (const [id, stop] of [
      ['A', 1],
      ['B', 2],
    ] as const) {
      expect(statusOf(id, stop).value).toBe('Off');
      expect(reasonOf(id, stop).value).toBe('Driver Training');
    }
    expect(statusOf('C', 3).value).toBe('-');

    // On for the same rows clears their reason.
    await user.click(screen.getByRole('button', { name: 'Bulk Update' }));
    const again = screen.getByRole('dialog', { name: 'Bulk Update' });
    await user.selectOptions(within(again).getByLabelText('JIT Status'), 'On');
    expect(within(again).getByLabelText('Reason')).toBeDisabled();
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    expect(statusOf('A', 1).value).toBe('On');
    expect(reasonOf('A', 1).value).toBe('');
  });

  it('Update JIT confirms the count, sends the inputs with the e-mail, toasts the successes and lists a failure', async () => {
    const user = await search();
    await user.selectOptions(statusOf('A', 1), 'Off');
    await user.selectOptions(reasonOf('A', 1), 'Van Issue');
    await user.selectOptions(statusOf('B', 2), 'On');
    await user.selectOptions(statusOf('C', 3), 'Off');
    await user.selectOptions(reasonOf('C', 3), 'Other');

    await user.click(screen.getByRole('button', { name: 'Update JIT' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Update JIT' });
    expect(within(confirm).getByText(/^3 rows to update\./)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Successfully updated JIT status for 2 element(s)')).toBeTruthy();
    expect(sent).toEqual([
      [
        { stockingId: `${DATE}#A#1`, jitIndicator: false, reason: 'Van Issue', emailAddress: 'ops@x.com' },
        { stockingId: `${DATE}#B#1`, jitIndicator: true, reason: null, emailAddress: 'ops@x.com' },
        { stockingId: `${DATE}#C#1`, jitIndicator: false, reason: 'Other', emailAddress: 'ops@x.com' },
      ],
    ]);
    const failed = await screen.findByRole('alertdialog', { name: 'Some JIT statuses were not updated' });
    expect(
      within(failed).getByText(`${name('C', 3)}: The JIT status of C was already updated by boss@x.com`),
    ).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Close' }));

    // The refetched rows show the new flags, locked; the failed row keeps its edit.
    await waitFor(() => expect(cell('A', 1, 'JIT Enabled?')).toBe('N'));
    expect(checkbox('A', 1)).toBeDisabled();
    expect(checkbox('A', 1)).toHaveAttribute('title', 'JIT status already updated');
    expect(cell('A', 1, 'Updated By')).toBe('ops@x.com');
    expect(cell('B', 2, 'JIT Enabled?')).toBe('Y');
    expect(statusOf('B', 2)).toBeDisabled();
    expect(statusOf('C', 3).value).toBe('Off');
    expect(reasonOf('C', 3).value).toBe('Other');
    expect(checkbox('C', 3)).toBeEnabled();

    // Another Update JIT sends only the row that is still changed.
    await user.click(screen.getByRole('button', { name: 'Update JIT' }));
    expect(
      within(screen.getByRole('alertdialog', { name: 'Update JIT' })).getByText(/^1 row to update\./),
    ).toBeTruthy();
  });
});

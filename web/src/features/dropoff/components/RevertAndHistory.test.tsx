import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { DropOffSummaryView } from './DropOffSummaryView';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'lead@x.com', sub: 'lead-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

const DATE = '2031-06-11';
/** The server's state of slip-W1: the status recorded, if any. */
let recorded: { status: string; reason: string } | null;
let overrides: { requestId: string; data: Record<string, string> }[];
let reverts: unknown[];

const row = () => ({
  extendedId: `${DATE}#W1&slip-W1#1`,
  locationId: 'W1',
  locationType: 'WHOLESALE',
  routeId: 'r1',
  packingSlipId: 'slip-W1',
  stockingIndex: 1,
  pickDate: '2031-06-10T15:00:00.000Z',
  dropStatus: recorded?.status ?? 'Pending',
  statusReason: recorded?.reason ?? null,
  createdBy: recorded ? 'ops@x.com' : null,
  locked: recorded !== null,
});

function serve(actions: string[]) {
  vi.mocked(getMyAccess).mockResolvedValue({ actions, flags: ['drop-override'] } as never);
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('dropOffSummary('))
      return { dropOffSummary: { dropOffDate: DATE, unconfirmed: recorded ? 0 : 1, rows: [row()] } };
    if (q.includes('createDriverAction(')) {
      const input = (vars as { input: { data: string; requestId: string } }).input;
      const data = JSON.parse(input.data) as Record<string, string>;
      overrides.push({ requestId: input.requestId, data });
      recorded = { status: data.dropStatus, reason: data.statusReason };
      return { createDriverAction: { id: 'a' } };
    }
    if (q.includes('revertDropOverride(')) {
      reverts.push((vars as { input: unknown }).input);
      recorded = null;
      return {
        revertDropOverride: {
          dropOffDate: DATE,
          packingSlipId: 'slip-W1',
          dropStatus: 'Pending',
          revertedStatus: 'Complete',
        },
      };
    }
    if (q.includes('dropOverrideHistory('))
      return {
        dropOverrideHistory: {
          nextToken: null,
          items: [
            {
              at: '2031-06-11T16:00:00.000Z',
              who: 'lead@x.com',
              source: 'Drop Off Summary',
              changes: [
                {
                  attribute: 'dropStatus',
                  oldValue: '{"dropStatus":"Complete","statusReason":"Group Drop"}',
                  newValue: '{"dropStatus":"Pending"}',
                  reason: 'Driver came back',
                },
              ],
            },
            {
              at: '2031-06-11T15:00:00.000Z',
              who: 'ops@x.com',
              source: 'Drop Off Summary',
              changes: [
                {
                  attribute: 'dropStatus',
                  oldValue: '{"dropStatus":"Pending"}',
                  newValue: '{"dropStatus":"Complete","statusReason":"Group Drop"}',
                  reason: 'Group Drop',
                },
              ],
            },
          ],
        },
      };
    throw new Error(`unexpected ${q}`);
  });
}

beforeEach(() => {
  recorded = null;
  overrides = [];
  reverts = [];
  vi.mocked(graphql).mockReset();
});

async function search() {
  const user = userEvent.setup();
  renderWithProviders(<DropOffSummaryView />);
  await user.clear(screen.getByLabelText(/Drop Off Date/));
  await user.type(screen.getByLabelText(/Drop Off Date/), DATE);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText(/Unconfirmed drops:/);
  return user;
}

async function overrideW1(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Drop Status of W1 slip-W1' }), 'Complete');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Reason of W1 slip-W1' }), 'Group Drop');
  await user.click(screen.getByRole('button', { name: 'Confirm Override' }));
  await user.click(
    within(screen.getByRole('alertdialog', { name: 'Confirm Override' })).getByRole('button', { name: 'Confirm' }),
  );
  expect((await screen.findAllByText('Successfully updated drop status for 1 element(s)')).length).toBeGreaterThan(0);
  await screen.findByRole('button', { name: 'Revert slip-W1' });
}

describe('Drop Off Summary revert and history', () => {
  it('reverts a locked row with a reason, then a new override is a new request', async () => {
    serve(ALL_ACTIONS);
    const user = await search();
    expect(screen.queryByRole('button', { name: 'Revert slip-W1' })).toBeNull();
    await overrideW1(user);

    await user.click(screen.getByRole('button', { name: 'Revert slip-W1' }));
    const dialog = screen.getByRole('dialog', { name: 'Revert drop status' });
    expect(within(dialog).getByText(/Revert slip-W1 \(Complete, Group Drop by ops@x.com\) to Pending\?/)).toBeTruthy();
    const go = within(dialog).getByRole('button', { name: 'Revert to Pending' }) as HTMLButtonElement;
    expect(go.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Driver came back');
    await user.click(go);
    expect(await screen.findByText('Drop status of slip-W1 reverted to Pending')).toBeTruthy();
    expect(reverts).toEqual([{ dropOffDate: DATE, packingSlipId: 'slip-W1', reason: 'Driver came back' }]);
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Drop Status of W1 slip-W1' }) as HTMLSelectElement).disabled).toBe(
        false,
      ),
    );

    await overrideW1(user);
    expect(overrides).toHaveLength(2);
    expect(overrides[1].requestId).not.toBe(overrides[0].requestId);
  });

  it('offers no usable Revert without the supervisor action', async () => {
    serve(ALL_ACTIONS.filter((a) => a !== 'RevertDropOverride'));
    recorded = { status: 'Complete', reason: 'Group Drop' };
    await search();
    const revert = (await screen.findByRole('button', { name: 'Revert slip-W1' })) as HTMLButtonElement;
    await waitFor(() => expect(revert.disabled).toBe(true));
  });

  it('lists the history newest first', async () => {
    serve(ALL_ACTIONS);
    const user = await search();
    await user.click(screen.getByRole('button', { name: 'History of slip-W1' }));
    const list = await screen.findByRole('list', { name: 'Drop status history of slip-W1' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('Complete (Group Drop) → Pending — Driver came back');
    expect(items[1]).toContain('Pending → Complete (Group Drop) — Group Drop');
  });
});

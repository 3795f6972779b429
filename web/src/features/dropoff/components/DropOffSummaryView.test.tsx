import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { DropOffSummaryView } from './DropOffSummaryView';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

const row = (id: string, locationType: string, locked = false) => ({
  extendedId: `2031-06-11#${id}&slip-${id}#1`,
  locationId: id,
  locationType,
  routeId: 'r1',
  packingSlipId: `slip-${id}`,
  stockingIndex: 1,
  pickDate: '2031-06-10T15:00:00.000Z',
  dropStatus: locked ? 'Complete' : 'Pending',
  statusReason: locked ? 'Group Drop' : null,
  createdBy: locked ? 'lead@x.com' : null,
  locked,
});

let sent: { locationId: string; data: Record<string, string>; requestId: string; occurredAt: string }[];

beforeEach(() => {
  sent = [];
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: ['drop-override'] } as never);
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('dropOffSummary('))
      return {
        dropOffSummary: {
          dropOffDate: '2031-06-11',
          unconfirmed: 3,
          rows: [row('W1', 'WHOLESALE'), row('W2', 'WHOLESALE'), row('F1', 'FRIDGE'), row('L1', 'WHOLESALE', true)],
        },
      };
    if (q.includes('createDriverAction(')) {
      const input = (vars as { input: { locationId: string; data: string; requestId: string; occurredAt: string } })
        .input;
      sent.push({
        locationId: input.locationId,
        data: JSON.parse(input.data),
        requestId: input.requestId,
        occurredAt: input.occurredAt,
      });
      if (input.locationId === 'W2')
        throw new ApiError('The drop status of packing slip slip-W2 is already recorded', { status: 409 });
      return { createDriverAction: { id: 'a' } };
    }
    throw new Error(`unexpected ${q}`);
  });
});

async function search() {
  const user = userEvent.setup();
  renderWithProviders(<DropOffSummaryView />);
  await user.clear(screen.getByLabelText(/Drop Off Date/));
  await user.type(screen.getByLabelText(/Drop Off Date/), '2031-06-11');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await screen.findByText('Unconfirmed drops: 3');
  return user;
}

describe('DropOffSummaryView', () => {
  it('locks recorded rows and never offers a fridge Complete', async () => {
    await search();
    expect(screen.getByRole('heading', { name: 'Drop Off Summary for 2031-06-11' })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select L1 slip-L1' }) as HTMLInputElement).disabled).toBe(true);
    const fridge = screen.getByRole('combobox', { name: 'Drop Status of F1 slip-F1' });
    expect(
      within(fridge)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pending', 'Not Delivering']);
    expect((screen.getByRole('button', { name: 'Bulk Update' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('bulk updates checked rows, confirms the count, and names the rows that failed', async () => {
    const user = await search();
    for (const id of ['W1', 'W2', 'F1'])
      await user.click(screen.getByRole('checkbox', { name: `Select ${id} slip-${id}` }));
    await user.click(screen.getByRole('button', { name: 'Bulk Update' }));
    const bulk = screen.getByRole('dialog', { name: 'Bulk Update' });
    await user.selectOptions(within(bulk).getByLabelText('Reason'), 'Group Drop');
    await user.click(within(bulk).getByRole('button', { name: 'Apply' }));
    // The fridge kept Pending: Complete is not for fridges.
    expect(await screen.findByText(/1 row\(s\) cannot be Complete and kept their status: F1/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirm Override' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm Override' });
    expect(within(confirm).getByText(/2 orders to update\./)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Successfully updated drop status for 1 element(s)')).toBeTruthy();
    const failed = await screen.findByRole('alertdialog', { name: 'Some drops were not updated' });
    expect(
      within(failed).getByText(/W2 · slip-W2: The drop status of packing slip slip-W2 is already recorded/),
    ).toBeTruthy();
    expect(sent.map((s) => s.locationId).sort()).toEqual(['W1', 'W2']);
    expect(sent[0].data).toMatchObject({
      userSubmitted: 'ops@x.com',
      dropStatus: 'Complete',
      statusReason: 'Group Drop',
      originalDropOffDate: '2031-06-11',
    });

    // A second Confirm retries only the failed row, with exactly what it sent first (requestId, occurredAt).
    await user.click(within(failed).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Confirm Override' }) as HTMLButtonElement).disabled).toBe(false),
    );
    const first = sent.find((s) => s.locationId === 'W2')!;
    await user.click(screen.getByRole('button', { name: 'Confirm Override' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Confirm Override' })).getByRole('button', { name: 'Confirm' }),
    );
    await screen.findByRole('alertdialog', { name: 'Some drops were not updated' });
    expect(sent.filter((s) => s.locationId === 'W2')).toEqual([first, first]);
  });
});

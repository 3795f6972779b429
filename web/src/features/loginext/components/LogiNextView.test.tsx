import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql } from '@/lib/api';
import type { SyncLogiNextInput } from '@/generated/gql/graphql';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import type { SyncJob } from '../api/loginext-sync-jobs';
import { LogiNextView } from './LogiNextView';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@x.com', sub: 'ops-1' } } } })),
}));
vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

const NOON = () => new Date('2026-11-25T18:00:00Z'); // 12:00 CST
const BLOCKED = () => new Date('2026-11-25T23:40:00Z'); // 17:40 CST
const job = (over: Partial<SyncJob> = {}): SyncJob => ({
  id: 'j1',
  state: 'DONE',
  startDate: '2026-11-25',
  endDate: '2026-11-25',
  fulfillmentCenters: ['Chicago Kitchen'],
  createdAt: '2026-11-25T17:00:00.000Z',
  createdBy: 'Ops Person',
  dates: 1,
  datesDone: 1,
  datesFailed: 0,
  routesChanged: 2,
  stopsChanged: 5,
  error: null,
  finishedAt: '2026-11-25T17:00:04.000Z',
  ...over,
});

let sent: SyncLogiNextInput[];
let centersFail: boolean;
let refuse: string | null;

beforeEach(() => {
  sent = [];
  centersFail = false;
  refuse = null;
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] } as never);
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown, vars?: unknown) => {
    const q = String(doc);
    if (q.includes('logiNextSyncJobs')) return { logiNextSyncJobs: [job()] };
    if (q.includes('syncLogiNextLocRoutes') === false && q.includes('fulfillmentCenters')) {
      if (centersFail) throw new ApiError('boom', { status: 500 });
      return { fulfillmentCenters: ['Chicago Kitchen', 'Milwaukee Kitchen'] };
    }
    if (q.includes('syncLogiNextLocRoutes')) {
      const input = (vars as { input: SyncLogiNextInput }).input;
      sent.push(input);
      if (refuse) throw new ApiError(refuse, { status: 400, errorType: 'BadRequest' });
      return {
        syncLogiNextLocRoutes: {
          message:
            "LogiNext syncing has been initiated successfully, but it's still in progress. It may take some time to complete.",
          job: { id: input.requestId, state: 'QUEUED' },
        },
      };
    }
    throw new Error(`unexpected ${q}`);
  });
});

describe('LogiNextView', () => {
  it('syncs the chosen dates and centers after a confirmation that lists them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LogiNextView now={NOON} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Chicago Kitchen' }));
    const sync = screen.getByRole('button', { name: 'Sync' });
    await waitFor(() => expect(sync).toBeEnabled());
    await user.click(sync);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sync LogiNext routes?' });
    expect(within(dialog).getByText('Drop off dates: 2026-11-25 to 2026-11-25')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Chosen fulfillment centers' })).toHaveTextContent(
      'Chicago Kitchen',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sync' }));
    expect(
      await screen.findByText(
        "LogiNext syncing has been initiated successfully, but it's still in progress. It may take some time to complete.",
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      startDate: '2026-11-25',
      endDate: '2026-11-25',
      fulfillmentCenters: ['Chicago Kitchen'],
    });
    expect(sent[0].requestId).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Sync of 2026-11-25 to 2026-11-25/ })).toHaveTextContent('Done');
  });

  it('keeps Sync disabled without a center, with reversed dates, and inside the window with its tooltip', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<LogiNextView now={NOON} />);
    await screen.findByRole('checkbox', { name: 'Chicago Kitchen' });
    expect(screen.getByRole('button', { name: 'Sync' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Chicago Kitchen' }));
    const end = screen.getByLabelText('Drop Off End Date');
    await user.clear(end);
    await user.type(end, '2026-11-24');
    expect(await screen.findByText(/"End Date" can not be before "Start Date"\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync' })).toBeDisabled();
    unmount();

    renderWithProviders(<LogiNextView now={BLOCKED} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Chicago Kitchen' }));
    expect(screen.getByRole('button', { name: 'Sync' })).toBeDisabled();
    const blocked = 'All LogiNext routes are being synced. Please try again after 5:50pm CT.';
    expect(screen.getByTestId('sync-wrapper')).toHaveAttribute('title', blocked);
    expect(screen.getAllByText(blocked).length).toBeGreaterThan(0);
  });

  it('says the window beside Sync all day, and counts down in its last ten minutes (issue 43)', async () => {
    const note = 'No sync can start from 5:30pm to 5:50pm CT, while all LogiNext routes are being synced.';
    const { unmount } = renderWithProviders(<LogiNextView now={NOON} />);
    await screen.findByRole('checkbox', { name: 'Chicago Kitchen' });
    expect(screen.getByTestId('sync-window-note')).toHaveTextContent(note);
    expect(screen.queryByText(/Syncs stop in/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sync' })).toHaveAccessibleDescription(note);
    unmount();

    renderWithProviders(<LogiNextView now={() => new Date('2026-11-25T23:22:30Z')} />); // 17:22:30 CST
    await screen.findByRole('checkbox', { name: 'Chicago Kitchen' });
    expect(screen.getByTestId('sync-window-note')).toHaveTextContent(`Syncs stop in 7:30. ${note}`);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Chicago Kitchen' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync' })).toBeEnabled());
  });

  it('says the server refused with the error prefix, and a retry sends the same requestId', async () => {
    refuse = 'A sync can cover at most 14 days.';
    const user = userEvent.setup();
    renderWithProviders(<LogiNextView now={NOON} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Milwaukee Kitchen' }));
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('LogiNext syncing error. A sync can cover at most 14 days.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1].requestId).toBe(sent[0].requestId);
  });

  it("shows 'Failed fetching Fulfillment Centers' when the list cannot load", async () => {
    centersFail = true;
    renderWithProviders(<LogiNextView now={NOON} />);
    expect(await screen.findByText('Failed fetching Fulfillment Centers', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { CLAIMS_CALL, RouteClaimsSetting } from './RouteClaimsSetting';
import { actionsFor, refusalReason } from '@/lib/access';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));

type Settings = { claimsAllowed: boolean; version: number; changedBy: string | null; changedAt: string | null };
type Input = { claimsAllowed: boolean; expectedVersion: number; requestId: string };

/** The server's setting, and what the next changes answer: an error to throw, one at a time; then success. */
let stored: Settings;
let failures: unknown[];
let reads: number;

const sent = () =>
  vi
    .mocked(graphql)
    .mock.calls.filter(([doc]) => String(doc).includes('setRouteClaims('))
    .map(([, vars]) => (vars as { input: Input }).input);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeEach(() => {
  stored = { claimsAllowed: true, version: 3, changedBy: 'ann@example.com', changedAt: '2026-11-24T15:00:00Z' };
  failures = [];
  reads = 0;
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation((async (doc: unknown, vars?: { input: Input }) => {
    const q = String(doc);
    if (q.includes('setRouteClaims(')) {
      const failure = failures.shift();
      if (failure) throw failure;
      const input = vars!.input;
      stored = {
        claimsAllowed: input.claimsAllowed,
        version: stored.version + 1,
        changedBy: 'me@example.com',
        changedAt: '2026-11-25T14:30:00Z',
      };
      return { setRouteClaims: { ...stored } };
    }
    if (q.includes('routeSettings')) {
      reads++;
      return { routeSettings: { ...stored } };
    }
    throw new Error(`unexpected ${q.slice(0, 40)}`);
  }) as never);
});

/** A success toast (role=status) saying `text`. */
const toast = async (text: string) => (await screen.findByText(text)).closest('[role="status"]');

const box = () => screen.getByRole('checkbox', { name: 'Drivers may claim routes without a driver' });

async function shown() {
  renderWithProviders(<RouteClaimsSetting />);
  await waitFor(() => expect(box()).toBeEnabled());
  return userEvent.setup();
}

describe('The setting of claims of routes without a driver (View Routes, issue 59)', () => {
  it('shows the setting and who changed it last and when (Central)', async () => {
    await shown();
    expect(box()).toBeChecked();
    expect(screen.getByText('Last changed by ann@example.com at 2026-11-24 09:00:00 CT.')).toBeInTheDocument();
    expect(box()).toHaveAccessibleDescription('Last changed by ann@example.com at 2026-11-24 09:00:00 CT.');
  });

  it('says nothing of a change when nobody changed it yet', async () => {
    stored = { claimsAllowed: true, version: 0, changedBy: null, changedAt: null };
    await shown();
    expect(box()).toBeChecked();
    expect(screen.queryByText(/^Last changed/)).toBeNull();
  });

  it('turns claims off and on, naming the version shown with a fresh requestId each time, and says what it did', async () => {
    const user = await shown();
    await user.click(box());
    expect(await toast('Drivers can no longer claim routes: the office assigns every route.')).toBeTruthy();
    await waitFor(() => expect(box()).not.toBeChecked());
    expect(await screen.findByText('Last changed by me@example.com at 2026-11-25 08:30:00 CT.')).toBeInTheDocument();

    await waitFor(() => expect(box()).toBeEnabled());
    await user.click(box());
    expect(await toast('Drivers may now claim routes without a driver.')).toBeTruthy();
    await waitFor(() => expect(box()).toBeChecked());

    const [off, on] = sent();
    expect(off).toEqual({ claimsAllowed: false, expectedVersion: 3, requestId: expect.stringMatching(UUID) });
    expect(on).toEqual({ claimsAllowed: true, expectedVersion: 4, requestId: expect.stringMatching(UUID) });
    expect(on.requestId).not.toBe(off.requestId);
  });

  it("shows a refusal in the server's words and reads the setting again", async () => {
    const conflict =
      'The setting was changed by bob@example.com at 2026-11-25 08:00 CT meanwhile; reload and try again';
    const user = await shown();
    // Someone else turned it off meanwhile; this page still shows it on.
    stored = { claimsAllowed: false, version: 4, changedBy: 'bob@example.com', changedAt: '2026-11-25T14:00:00Z' };
    failures = [new ApiError(conflict, { status: 409, errorType: 'Conflict' })];
    const before = reads;
    await user.click(box());
    expect(await screen.findByRole('alert')).toHaveTextContent(conflict);
    await waitFor(() => expect(reads).toBeGreaterThan(before));
    await waitFor(() => expect(box()).not.toBeChecked());
    expect(await screen.findByText('Last changed by bob@example.com at 2026-11-25 08:00:00 CT.')).toBeInTheDocument();
    expect(screen.queryByText(/^Drivers (may now|can no longer)/)).toBeNull();
    expect(sent()).toEqual([{ claimsAllowed: false, expectedVersion: 3, requestId: expect.stringMatching(UUID) }]);

    // The next change is a new request naming the version now shown.
    await user.click(box());
    expect(await screen.findByText('Drivers may now claim routes without a driver.')).toBeInTheDocument();
    const [first, second] = sent();
    expect(second).toMatchObject({ claimsAllowed: true, expectedVersion: 4 });
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('resends the same change after a lost answer, and clears the failure once it lands', async () => {
    const user = await shown();
    failures = [new TypeError('Failed to fetch')];
    await user.click(box());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to save the setting, Please check your internet and your permissions',
    );
    await waitFor(() => expect(box()).toBeEnabled());
    expect(box()).toBeChecked();
    await user.click(box());
    expect(await screen.findByText('Drivers can no longer claim routes: the office assigns every route.')).toBeTruthy();
    const [lost, retry] = sent();
    expect(retry).toEqual(lost);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is disabled while a change is on its way', async () => {
    const user = await shown();
    let answer = (_: unknown) => {};
    const impl = vi.mocked(graphql).getMockImplementation()!;
    vi.mocked(graphql).mockImplementation((async (doc: unknown, vars: unknown) => {
      if (String(doc).includes('setRouteClaims(')) await new Promise((resolve) => (answer = resolve));
      return impl(doc as never, vars as never);
    }) as never);
    await user.click(box());
    await waitFor(() => expect(box()).toBeDisabled());
    expect(box()).not.toBeChecked();
    answer(undefined);
    expect(await screen.findByText('Drivers can no longer claim routes: the office assigns every route.')).toBeTruthy();
    await waitFor(() => expect(box()).toBeEnabled());
  });

  it('is disabled for a user without AssignRoutes, with the reason in view', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['ViewRoutes'], flags: [] });
    renderWithProviders(<RouteClaimsSetting />);
    const reason = refusalReason(CLAIMS_CALL, false);
    expect(await screen.findByText(reason)).toBeVisible();
    await waitFor(() => expect(box()).toBeChecked());
    expect(box()).toBeDisabled();
    expect(box()).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(actionsFor(CLAIMS_CALL)).toEqual(['AssignRoutes']);
    expect(sent()).toEqual([]);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql } from '@/lib/api';
import { headingProblems } from '@/components/heading-outline';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import type { FridgeHealth } from '../api/health-fields';
import type { QueueMessage } from '../lib/commands';
import { health } from '../lib/fixtures';
import { FridgeHealthView } from './FridgeHealthView';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);

const ID = 'CHI_0001';
let fridge: FridgeHealth | null;
let queue: QueueMessage[];
let flags: string[];
let access: string[];
let sent: { location: string; message: unknown }[];
/** The requestId of each createQueueMessage call, in order (failed tries included). */
let requestIds: unknown[];
let createError: Error | null;
let swap: { success: boolean; message: string | null } | Error;
let healthError: boolean;
let healthLocationIds: string[][];
let n = 0;

function backend(query: string, v: Record<string, unknown> = {}): unknown {
  if (query.includes('myAccess')) return { myAccess: { actions: access, flags } };
  if (query.includes('fridgeHealth(')) {
    if (healthError) throw new ApiError('boom', { errorType: 'InternalError' });
    healthLocationIds.push((v.filter as { locationIds: string[] }).locationIds);
    return { fridgeHealth: fridge ? [{ ...fridge }] : [] };
  }
  if (query.includes('readQueueMessages('))
    return { readQueueMessages: { items: queue.map((m) => ({ ...m })), nextToken: null } };
  if (query.includes('getFridgeEvents(')) {
    expect(v.eventTypes).toEqual(['CheckpointEvent']);
    return {
      getFridgeEvents: {
        items: [{ location: ID, eventType: 'CheckpointEvent', timestamp: '2026-07-01T17:05:09Z' }],
        nextToken: null,
      },
    };
  }
  if (query.includes('getFridgeSegmentEvents(')) {
    expect(v.types).toEqual(['sessionStarted', 'productListViewed', 'purchaseCompleted', 'pickupAccepted']);
    return {
      getFridgeSegmentEvents: {
        items: [
          { eventType: 'purchaseCompleted', date: '2026-01-15T03:00:00Z', payload: JSON.stringify({ total: 7.5 }) },
        ],
        nextToken: null,
      },
    };
  }
  if (query.includes('fridgeTemperatures('))
    return { fridgeTemperatures: [{ timestamp: '2026-07-01T17:00:00Z', temperature: 37.2 }] };
  if (query.includes('createQueueMessage(')) {
    requestIds.push(v.requestId);
    if (createError) throw createError;
    sent.push({ location: v.location as string, message: v.message });
    const { payload } = v.message as { payload: { operation: string | null; resource: string } };
    n += 1;
    const m: QueueMessage = {
      id: `${ID}#commands`,
      timestamp: new Date().toISOString(),
      messageId: `m${n}`,
      messageType: 'Resource',
      operation: payload.operation,
      resource: payload.resource,
      sentBy: 'admin@example.com',
      state: 'SENT',
      doneAt: null,
    };
    queue = [m, ...queue];
    return { createQueueMessage: m };
  }
  if (query.includes('sendConfirmedInventoryAndConfirmedReservation(')) {
    if (swap instanceof Error) throw swap;
    return { sendConfirmedInventoryAndConfirmedReservation: swap };
  }
  throw new Error(`unexpected ${query}`);
}

beforeEach(() => {
  fridge = health({
    locationId: ID,
    jofemarState: 'STATUS_0_READY',
    temperature: 39,
    outOfOrder: false,
    outOfOrderTs: '2020-01-01T00:00:00Z',
    safetyHold: true,
    inaccessible: false,
    hdmi: true,
    networkSpeed: { previousSpeed: null },
    timestamp: new Date(Date.now() - 60_000).toISOString(),
  });
  queue = [
    {
      id: `${ID}#commands`,
      timestamp: '2026-07-01T17:00:00Z',
      messageId: 'old',
      messageType: 'Resource',
      operation: 'ReactUI',
      resource: 'ServiceRestart',
      sentBy: 'lee@example.com',
      state: 'DONE',
      doneAt: '2026-07-01T17:00:03Z',
    },
  ];
  flags = ['feature-flag-admin'];
  access = ALL_ACTIONS;
  sent = [];
  requestIds = [];
  createError = null;
  swap = { success: true, message: null };
  healthError = false;
  healthLocationIds = [];
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (q, v) => backend(String(q), v as Record<string, unknown> | undefined) as never);
});

const row = (field: string) =>
  document.querySelector(`table[aria-label="Fridge health"] tr[data-field="${field}"]`) as HTMLElement;
const count = (label: string) => document.querySelector(`[data-count="${label}"]`)?.textContent;

async function confirm(user: ReturnType<typeof userEvent.setup>, button: string, title: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = screen.getByRole('alertdialog', { name: title });
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
}

describe('FridgeHealthView', () => {
  it('has one h1, sections at h2, and links in the kit style (no inline colour)', async () => {
    const { container } = renderWithProviders(<FridgeHealthView id={ID} />);
    await screen.findByRole('table', { name: 'Fridge health' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Fridge health: ${ID}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Fridge Commands' })).toBeInTheDocument();
    expect(headingProblems(container)).toEqual([]);
    for (const link of screen.getAllByRole('link')) expect(link.style.color).toBe('');
  });

  it('shows the coloured health table, the events in Central time, the queue counts and the temperatures', async () => {
    renderWithProviders(<FridgeHealthView id={ID} />);
    await screen.findByRole('table', { name: 'Fridge health' });
    expect(healthLocationIds).toEqual([[ID]]);
    expect(row('jofemarState')).toHaveAttribute('data-colour', 'green');
    expect(row('jofemarState')).toHaveTextContent('READY');
    expect(row('temperature')).toHaveAttribute('data-colour', 'orange');
    expect(row('outOfOrder')).toHaveAttribute('data-colour', 'green');
    expect(row('safetyHold')).toHaveAttribute('data-colour', 'red');
    expect(row('networkSpeed')).toHaveAttribute('data-colour', 'red');
    expect(row('networkSpeed')).toHaveTextContent('None');
    // Each colour also has its word, so the colour is never the only signal.
    expect(within(row('jofemarState')).getByText('OK')).toBeVisible();
    expect(within(row('temperature')).getByText('Warning')).toBeVisible();
    expect(within(row('safetyHold')).getByText('Problem')).toBeVisible();
    expect(within(row('timestamp')).queryByText(/^(OK|Warning|Problem)$/)).toBeNull();

    const segments = await screen.findByRole('table', { name: 'Segment events' });
    expect(await within(segments).findByText('2026-01-14 21:00:00')).toBeInTheDocument();
    // The payload as a person reads it, not raw JSON.
    expect(within(segments).getByText('total: 7.5')).toBeInTheDocument();
    expect(within(segments).queryByText(/[{}"]/)).toBeNull();
    expect(
      await within(screen.getByRole('table', { name: 'Fridge events' })).findByText('2026-07-01 12:05:09'),
    ).toBeInTheDocument();
    await waitFor(() => expect(count('total')).toBe('1'));
    expect(count('done')).toBe('1');
    expect(count('pending')).toBe('0');
    expect(count('expired')).toBe('0');
    expect(
      await screen.findByRole('table', { name: /^Temperature, last 24 hours/ }, { timeout: 10_000 }),
    ).toHaveTextContent('37.2');
  });

  it('ENABLE Out of Order: confirm, toast, flips at once and stays pending until the fridge reports', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<FridgeHealthView id={ID} />);
    expect(await screen.findByRole('button', { name: 'DISABLE Food Safety Hold' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'ENABLE Out of Order' })).toBeEnabled());
    await confirm(user, 'ENABLE Out of Order', 'ENABLE Out of Order?');

    expect(sent).toEqual([
      { location: ID, message: { messageType: 'Resource', payload: { resource: 'OutOfOrder', operation: 'ENABLE' } } },
    ]);
    const toast = await screen.findByText('Out of Order ENABLED successfully');
    expect(toast.parentElement).toHaveTextContent('This command should be processed within 5 minutes.');
    // Flipped locally; the table still shows what the fridge reported.
    const disable = await screen.findByRole('button', { name: 'DISABLE Out of Order' });
    expect(within(disable.parentElement!).getByText('Pending')).toBeInTheDocument();
    expect(row('outOfOrder')).toHaveAttribute('data-colour', 'green');
    await waitFor(() => expect(count('pending')).toBe('1'));
    expect(
      within(screen.getByRole('table', { name: 'Recent commands' })).getByRole('row', {
        name: 'OutOfOrder ENABLE Sent',
      }),
    ).toBeInTheDocument();

    // The fridge reports: out of order, command done.
    fridge = {
      ...fridge!,
      outOfOrder: true,
      outOfOrderTs: new Date().toISOString(),
      timestamp: new Date(Date.now() + 1000).toISOString(),
    };
    queue = queue.map((m) => (m.messageId === 'm1' ? { ...m, state: 'DONE', doneAt: new Date().toISOString() } : m));
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(row('outOfOrder')).toHaveAttribute('data-colour', 'red'));
    await waitFor(() => expect(count('pending')).toBe('0'));
    expect(
      within(screen.getByRole('button', { name: 'DISABLE Out of Order' }).parentElement!).queryByText('Pending'),
    ).toBeNull();
  });

  it('resets with their fixed operation and says so; a failure names the command and the reason', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FridgeHealthView id={ID} />);
    await confirm(user, 'Reset Jofemar', 'Reset Jofemar?');
    expect(sent[0].message).toEqual({
      messageType: 'Resource',
      payload: { resource: 'VendingUnitReset', operation: null },
    });
    const done = await screen.findByText('Reset Jofemar successful');
    expect(done.parentElement).toHaveTextContent('This command should be processed within 5 minutes.');

    await confirm(user, 'Reset DisplayServices', 'Reset DisplayServices?');
    expect(sent[1].message).toEqual({
      messageType: 'Resource',
      payload: { resource: 'ServiceRestart', operation: 'DisplayServices' },
    });

    createError = new ApiError('queue unavailable', { errorType: 'InternalError' });
    await confirm(user, 'Reset ReactUI', 'Reset ReactUI?');
    const failure = await screen.findByText('There was an issue resetting the ReactUI');
    expect(failure.closest('[role="alert"]')).toHaveTextContent('queue unavailable');
  });

  it("a command the server refuses for want of permission opens the kit's dialog, not a toast", async () => {
    const user = userEvent.setup();
    renderWithProviders(<FridgeHealthView id={ID} />);
    const refused = async (button: string, title: string) => {
      await user.click(await screen.findByRole('button', { name: button }));
      await user.click(
        within(screen.getByRole('alertdialog', { name: title })).getByRole('button', { name: 'Confirm' }),
      );
      const dialog = await screen.findByRole('alertdialog', { name: 'Not allowed' });
      expect(dialog).toHaveTextContent('Error! User Action Prohibited!');
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    };
    createError = new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' });
    await refused('Reset ReactUI', 'Reset ReactUI?');
    swap = new ApiError('Error! User Action Prohibited!', { status: 403, errorType: 'Forbidden' });
    await refused('Computer Swap', 'Computer Swap?');
    expect(screen.queryByText('There was an issue resetting the ReactUI')).toBeNull();
    expect(screen.queryByText('Oops, there was an error with making computer swap complete request.')).toBeNull();
    expect(screen.queryByText('Error! User Action Prohibited!')).toBeNull();
  });

  it('disables the commands of a user without SendFridgeCommands, with the reason', async () => {
    access = ALL_ACTIONS.filter((a) => a !== 'SendFridgeCommands');
    renderWithProviders(<FridgeHealthView id={ID} />);
    await screen.findByRole('table', { name: 'Fridge health' });
    for (const name of ['Reset Jofemar', 'ENABLE Out of Order', 'DISABLE Food Safety Hold', 'Computer Swap']) {
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect(button).toBeDisabled());
      expect(button.closest('.guard')).toHaveAttribute(
        'title',
        expect.stringMatching(/^You need permission to send commands to fridges\./),
      );
    }
  });

  it('lets the queue table fit its column: command and sender wrap, the times break only between date and time', async () => {
    renderWithProviders(<FridgeHealthView id={ID} />);
    const table = await screen.findByRole('table', { name: 'Recent commands' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells.map((c) => c.querySelector('[data-wrap="anywhere"]') !== null)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    // A time may break between its date and its time, never inside them.
    expect(cells[4]).toHaveTextContent('2026-07-01 12:00:03');
    expect(within(cells[4]).getByText('2026-07-01')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(cells[4]).getByText('12:00:03')).toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('cancelling the confirmation sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FridgeHealthView id={ID} />);
    await user.click(await screen.findByRole('button', { name: 'Computer Swap' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Computer Swap?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent).toEqual([]);
    expect(graphqlMock.mock.calls.some(([q]) => String(q).includes('sendConfirmed'))).toBe(false);
  });

  it('computer swap: success, success false and a failed request each have their text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FridgeHealthView id={ID} />);
    await confirm(user, 'Computer Swap', 'Computer Swap?');
    expect(await screen.findByText('Computer swap completed successfully')).toBeInTheDocument();
    swap = { success: false, message: 'queue unavailable' };
    await confirm(user, 'Computer Swap', 'Computer Swap?');
    expect(
      await screen.findByText('Oops, there was an error when creating the inventory service queue message.'),
    ).toBeInTheDocument();
    swap = new TypeError('Failed to fetch');
    await confirm(user, 'Computer Swap', 'Computer Swap?');
    expect(
      await screen.findByText('Oops, there was an error with making computer swap complete request.'),
    ).toBeInTheDocument();
  });

  it("shows only the commands of the user's flags", async () => {
    flags = ['fridge-command-safety-hold'];
    renderWithProviders(<FridgeHealthView id={ID} />);
    expect(await screen.findByRole('button', { name: 'DISABLE Food Safety Hold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Out of Order/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reset/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Computer Swap' })).toBeNull();
  });

  it('says so when the health cannot be loaded', async () => {
    healthError = true;
    renderWithProviders(<FridgeHealthView id={ID} />);
    await waitFor(() =>
      expect(screen.getAllByText('Oops, there was an error loading your request.').length).toBeGreaterThanOrEqual(2),
    );
    expect(screen.getByRole('button', { name: 'ENABLE Out of Order' })).toBeDisabled();
  });

  it("shows 'No data' for a fridge that never reported", async () => {
    fridge = null;
    renderWithProviders(<FridgeHealthView id={ID} />);
    const section = await screen.findByRole('region', { name: 'Health' });
    expect(await within(section).findByText('No data')).toBeInTheDocument();
  });

  it('shows each command state in words with its time (done, else recorded), and counts them', async () => {
    const at = (messageId: string, state: QueueMessage['state'], timestamp: string, doneAt: string | null = null) => ({
      ...queue[0],
      messageId,
      state,
      timestamp,
      doneAt,
    });
    queue = [
      at('p', 'PENDING', '2026-07-01T17:10:00Z'),
      at('s', 'SENT', '2026-07-01T17:09:00Z'),
      at('d', 'DONE', '2026-07-01T17:08:00Z', '2026-07-01T17:08:04Z'),
      at('f', 'FAILED', '2026-07-01T17:07:00Z', '2026-07-01T17:07:30Z'),
      at('e', 'EXPIRED', '2026-07-01T17:00:00Z', '2026-07-01T17:05:00Z'),
    ];
    renderWithProviders(<FridgeHealthView id={ID} />);
    const table = await screen.findByRole('table', { name: 'Recent commands' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));
    const stateOf = (state: string) => table.querySelector<HTMLElement>(`[data-state="${state}"]`)!;
    expect(stateOf('PENDING')).toHaveTextContent('Waiting to send 2026-07-01 12:10:00');
    expect(stateOf('SENT')).toHaveTextContent('Sent 2026-07-01 12:09:00');
    expect(stateOf('DONE')).toHaveTextContent('Done 2026-07-01 12:08:04');
    expect(stateOf('FAILED')).toHaveTextContent('Failed 2026-07-01 12:07:30');
    expect(stateOf('EXPIRED')).toHaveTextContent('Expired: not sent in time 2026-07-01 12:05:00');
    expect(
      within(table).getByRole('row', {
        name: 'ServiceRestart ReactUI Expired: not sent in time',
      }),
    ).toHaveAttribute('data-highlight', 'warning');
    expect(count('total')).toBe('5');
    expect(count('pending')).toBe('2');
    expect(count('done')).toBe('1');
    expect(count('failed')).toBe('1');
    expect(count('expired')).toBe('1');
  });

  it('sends a fresh requestId with every command, and the same one on a retry of that command', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FridgeHealthView id={ID} />);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    // The answer is lost: the retry of the same command is the same request.
    createError = new TypeError('Failed to fetch');
    await confirm(user, 'Reset Jofemar', 'Reset Jofemar?');
    await screen.findByText('There was an issue resetting the Jofemar');
    createError = null;
    await confirm(user, 'Reset Jofemar', 'Reset Jofemar?');
    await screen.findByText('Reset Jofemar successful');
    // Answered: the next command, even the same one, is a new request; so is another command.
    await confirm(user, 'Reset Jofemar', 'Reset Jofemar?');
    await confirm(user, 'Reset ReactUI', 'Reset ReactUI?');
    await waitFor(() => expect(requestIds).toHaveLength(4));
    for (const id of requestIds) expect(id).toMatch(uuid);
    expect(requestIds[1]).toBe(requestIds[0]);
    expect(new Set(requestIds.slice(1)).size).toBe(3);
    // Every call of the mutation names one: the server requires it.
    const calls = graphqlMock.mock.calls.filter(([q]) => String(q).includes('createQueueMessage('));
    expect(calls).toHaveLength(4);
    expect(String(calls[0][0])).toContain('$requestId: ID!');
  });
});

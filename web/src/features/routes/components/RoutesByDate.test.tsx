import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { actionsFor, refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { todayIn } from '@/components/dates';
import { usDate } from '../lib/route-table';
import { RoutesByDate } from './RoutesByDate';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

const stop = (route: string, stop: number, id: string, stopType = 'DELIVERY') => ({
  route,
  stop,
  market: 'MW',
  id,
  stockingDate: '2026-11-25',
  stopType,
  stockingIndex: 1,
  toteCountPerStop: 2,
  toteCountPerRoute: 4,
});

const assignment = (route: string, driverEmail: string, version: number, source = 'screen') => ({
  stockingDate: '2026-11-25',
  route,
  driverEmail,
  driverSub: `sub-${driverEmail}`,
  assignedBy: 'office@example.com',
  assignedAt: '2026-11-24T15:00:00Z',
  source,
  version,
});

type Vars = Record<string, unknown> & { input?: Record<string, unknown> };
/** The server: each operation's answer by its field; assignRouteDriver answers `assign` (or throws it). */
let server: {
  routes: ReturnType<typeof stop>[];
  assignments: ReturnType<typeof assignment>[];
  assign: (input: Record<string, unknown>) => unknown;
  history: unknown;
  /** routeDriverChoices' answer (or throws it). */
  choices: () => unknown;
};
/** The date the screen opens on, as its messages say it. */
const DAY = usDate(todayIn());
/** A success toast (role=status) saying `text`. */
const toast = async (text: string) => (await screen.findByText(text)).closest('[role="status"]');

const sent = (field: string) =>
  vi
    .mocked(graphql)
    .mock.calls.filter(([doc]) => String(doc).includes(`${field}(`))
    .map(([, vars]) => (vars as Vars).input);

beforeEach(() => {
  downloads.length = 0;
  server = {
    routes: [stop('chi-01', 1, 'CHI_0001'), stop('chi-01', 2, 'CHI_0002', 'REMOVAL')],
    assignments: [],
    assign: () => null,
    history: { items: [], nextToken: null },
    choices: () => [],
  };
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation((async (doc: unknown, vars: Vars) => {
    const q = String(doc);
    if (q.includes('assignRouteDriver(')) return { assignRouteDriver: server.assign(vars.input!) };
    if (q.includes('routeAssignments(')) return { routeAssignments: server.assignments };
    if (q.includes('routeDriverHistory(')) return { routeDriverHistory: server.history };
    if (q.includes('routeDriverChoices')) return { routeDriverChoices: await server.choices() };
    if (q.includes('routeSettings'))
      return { routeSettings: { claimsAllowed: true, version: 0, changedBy: null, changedAt: null } };
    return { locationRoutes: { routes: server.routes } };
  }) as never);
});

describe('RoutesByDate (1-locations §2.7, issue 22)', () => {
  it("shows the spec's six columns, the route only as the group header, and exports the same columns", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RoutesByDate />);
    const table = await screen.findByRole('table', { name: /^Routes on / });
    expect(await within(table).findByRole('rowheader', { name: 'ROUTE: chi-01' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/, '').trim()),
    ).toEqual(['Date', 'Region', 'Stop', 'Location', 'Tote Count', 'Stop Type']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0].text.split('\r\n')).toEqual([
      'Date,Region,Stop,Location,Tote Count,Stop Type',
      '11/25/2026,MW,1,CHI_0001,2,DELIVERY',
      '11/25/2026,MW,2,CHI_0002,2,REMOVAL',
    ]);
  });
});

describe('the SUMMARY row (1-locations §2.7)', () => {
  it("counts the route's every stop and the server's totes for it, whatever the Filter box leaves in view", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RoutesByDate />);
    const table = await screen.findByRole('table', { name: /^Routes on / });
    expect(await within(table).findByText('SUMMARY: 2 stops, 4 totes')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter'), 'CHI_0002');
    expect(await within(table).findByText('SUMMARY: 2 stops, 4 totes (1 shown)')).toBeInTheDocument();
    expect(within(table).queryByText('CHI_0001')).not.toBeInTheDocument();
  });
});

describe("View Routes: each route's driver (issue 38)", () => {
  beforeEach(() => {
    server.routes = [stop('r1', 1, 'CHI_0001'), stop('r2', 1, 'CHI_0002'), stop('r3', 1, 'CHI_0003')];
    server.assignments = [assignment('r1', 'ann@example.com', 3), assignment('r2', 'bob@example.com', 1, 'claim')];
  });

  it('lets the date field be emptied while a date is typed, without putting today back', async () => {
    renderWithProviders(<RoutesByDate />);
    const field = screen.getByLabelText('Date') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '' } });
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: '2026-11-25' } });
    expect(field.value).toBe('2026-11-25');
  });

  it('shows under each route header its driver, a claim as such, and none for an unassigned route', async () => {
    renderWithProviders(<RoutesByDate />);
    const table = await screen.findByRole('table', { name: /^Routes on / });
    // The header cell keeps the route's name alone (the browser tests find it by it).
    expect(await within(table).findByRole('rowheader', { name: 'ROUTE: r1' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('group', { name: 'Driver of route r1' })).toHaveTextContent('Driver: ann@example.com'),
    );
    expect(screen.getByRole('group', { name: 'Driver of route r2' })).toHaveTextContent(
      'Driver: bob@example.com (claimed by the driver)',
    );
    expect(screen.getByRole('group', { name: 'Driver of route r3' })).toHaveTextContent('No driver');
    expect(screen.getByRole('combobox', { name: 'Driver e-mail for route r1' })).toHaveValue('ann@example.com');
  });

  it('sends the version shown, resends the same input on a retry, and shows the new driver', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.assign = (input) => {
      if (fail) {
        fail = false;
        throw new TypeError('Failed to fetch');
      }
      const saved = assignment(input.route as string, input.driverEmail as string, 4);
      server.assignments = [saved, ...server.assignments.filter((a) => a.route !== saved.route)];
      return saved;
    };
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r1' });
    await vi.waitFor(() => expect(field).toHaveValue('ann@example.com'));
    await user.clear(field);
    await user.type(field, 'carl@example.com');
    await user.click(screen.getByRole('button', { name: 'Save driver for route r1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/check your internet/i);
    const [first] = sent('assignRouteDriver');
    expect(first).toMatchObject({
      route: 'r1',
      driverEmail: 'carl@example.com',
      expectedVersion: 3,
      requestId: expect.any(String),
    });

    await user.click(screen.getByRole('button', { name: 'Save driver for route r1' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('group', { name: 'Driver of route r1' })).toHaveTextContent('Driver: carl@example.com'),
    );
    const calls = sent('assignRouteDriver');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(first);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A new change after a landed one is a new request, naming the version now shown.
    await vi.waitFor(() => expect(field).toHaveValue('carl@example.com'));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save driver for route r1' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove the driver of route r1?' })).getByRole('button', {
        name: 'Remove driver',
      }),
    );
    await vi.waitFor(() => expect(sent('assignRouteDriver')).toHaveLength(3));
    const third = sent('assignRouteDriver')[2];
    expect(third).toMatchObject({ route: 'r1', driverEmail: null, expectedVersion: 4 });
    expect(third!.requestId).not.toBe(first!.requestId);
  });

  it('says what each saved change did', async () => {
    const user = userEvent.setup();
    server.assign = (input) => assignment(input.route as string, input.driverEmail as string, 1);
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r3' });
    await vi.waitFor(() => expect(field).toBeEnabled());
    await user.type(field, 'dee@example.com');
    await user.click(screen.getByRole('button', { name: 'Save driver for route r3' }));
    expect(await toast(`dee@example.com now drives route r3 on ${DAY}.`)).toBeTruthy();
    // Setting a driver asks nothing first.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent('assignRouteDriver')).toEqual([
      expect.objectContaining({ route: 'r3', driverEmail: 'dee@example.com', expectedVersion: 0 }),
    ]);
  });

  it('asks before clearing a driver: Cancel sends nothing, Remove driver clears it and says so', async () => {
    const user = userEvent.setup();
    server.assign = () => {
      server.assignments = server.assignments.filter((a) => a.route !== 'r1');
      return null;
    };
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r1' });
    await vi.waitFor(() => expect(field).toHaveValue('ann@example.com'));
    await user.clear(field);
    const save = screen.getByRole('button', { name: 'Save driver for route r1' });
    await user.click(save);
    let dialog = screen.getByRole('alertdialog', { name: 'Remove the driver of route r1?' });
    expect(dialog).toHaveTextContent(
      `Remove ann@example.com as the driver of route r1 on ${DAY}? The route will have no driver.`,
    );
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent('assignRouteDriver')).toEqual([]);
    expect(screen.getByRole('group', { name: 'Driver of route r1' })).toHaveTextContent('Driver: ann@example.com');

    // Enter in the field asks too.
    await user.type(field, '{Enter}');
    dialog = screen.getByRole('alertdialog', { name: 'Remove the driver of route r1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove driver' }));
    expect(await toast(`Route r1 on ${DAY} has no driver now.`)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('assignRouteDriver')).toEqual([
      { stockingDate: todayIn(), route: 'r1', driverEmail: null, expectedVersion: 3, requestId: expect.any(String) },
    ]);
    await vi.waitFor(() =>
      expect(screen.getByRole('group', { name: 'Driver of route r1' })).toHaveTextContent('No driver'),
    );
  });

  it("keeps showing the server's refusal of a clearing, after the confirmation", async () => {
    const user = userEvent.setup();
    const stale =
      'The driver of route r1 on 2026-11-25 was changed by someone else meanwhile; reload the routes and try again';
    server.assign = () => {
      throw new ApiError(stale, { errorType: 'Conflict' });
    };
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r1' });
    await vi.waitFor(() => expect(field).toHaveValue('ann@example.com'));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save driver for route r1' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove driver' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText(/has no driver now/)).toBeNull();
  });

  it('shows the office setting of claims above the routes', async () => {
    renderWithProviders(<RoutesByDate />);
    const box = await screen.findByRole('checkbox', { name: 'Drivers may claim routes without a driver' });
    await vi.waitFor(() => expect(box).toBeChecked());
  });

  it("shows the server's refusal of a stale version inline", async () => {
    const user = userEvent.setup();
    const stale =
      'The driver of route r3 on 2026-11-25 was changed by someone else meanwhile; reload the routes and try again';
    server.assign = () => {
      throw new ApiError(stale, { errorType: 'Conflict' });
    };
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r3' });
    await vi.waitFor(() => expect(field).toBeEnabled());
    await user.type(field, 'dee@example.com');
    await user.click(screen.getByRole('button', { name: 'Save driver for route r3' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(stale);
    expect(sent('assignRouteDriver')[0]).toMatchObject({ route: 'r3', expectedVersion: 0 });
  });

  it('lets a user without AssignRoutes see the drivers but not change them, with the reason', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['ViewRoutes'], flags: [] });
    renderWithProviders(<RoutesByDate />);
    await vi.waitFor(() =>
      expect(screen.getByRole('group', { name: 'Driver of route r1' })).toHaveTextContent('Driver: ann@example.com'),
    );
    const save = () => screen.getByRole('button', { name: 'Save driver for route r1' });
    await vi.waitFor(() =>
      expect(save().closest('[data-refusal]')).toHaveAttribute('title', refusalReason('assignRouteDriver', false)),
    );
    expect(save()).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Driver e-mail for route r1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Driver history of route r1' })).toBeEnabled();
    expect(actionsFor('assignRouteDriver')).toEqual(['AssignRoutes']);
  });

  it("opens the route's driver history", async () => {
    const user = userEvent.setup();
    server.history = {
      items: [
        {
          at: '2026-11-24T15:00:00Z',
          who: 'office@example.com',
          source: 'screen',
          changes: [{ attribute: 'driver', oldValue: 'null', newValue: '"ann@example.com"', reason: null }],
        },
      ],
      nextToken: null,
    };
    renderWithProviders(<RoutesByDate />);
    await user.click(await screen.findByRole('button', { name: 'Driver history of route r1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Drivers of route r1 on / });
    const list = await within(dialog).findByRole('list', { name: 'Driver history of route r1' });
    expect(list).toHaveTextContent('office@example.com');
    expect(list).toHaveTextContent('driver: — → ann@example.com');
    expect(
      vi
        .mocked(graphql)
        .mock.calls.some(
          ([doc, vars]) =>
            String(doc).includes('routeDriverHistory(') && (vars as Vars).route === 'r1' && (vars as Vars).stockingDate,
        ),
    ).toBe(true);
  });
});

describe('View Routes: the driver e-mail field offers the users who may drive (issue 59)', () => {
  const choice = (email: string, name: string | null) => ({ sub: `sub-${email}`, email, name });
  /** The suggestions of a route's e-mail field: each option's value and label. */
  const suggestions = (route: string) => {
    const list = screen.getByRole('combobox', { name: `Driver e-mail for route ${route}` }).getAttribute('list')!;
    return [...document.getElementById(list)!.querySelectorAll('option')].map((o) => ({
      value: o.value,
      label: o.getAttribute('label'),
    }));
  };
  const choicesAsked = () =>
    vi.mocked(graphql).mock.calls.filter(([doc]) => String(doc).includes('routeDriverChoices')).length;

  beforeEach(() => {
    server.routes = [stop('r1', 1, 'CHI_0001'), stop('r2', 1, 'CHI_0002')];
    // ann drives r1 today but no longer holds the driver's actions: she is not offered.
    server.assignments = [assignment('r1', 'ann@example.com', 3)];
    server.choices = () => [choice('dee@example.com', 'Dee Driver'), choice('eve@example.com', null)];
  });

  it('lists exactly the users the server names, the e-mail as the value and the name beside it', async () => {
    renderWithProviders(<RoutesByDate />);
    await screen.findByRole('combobox', { name: 'Driver e-mail for route r2' });
    await vi.waitFor(() =>
      expect(suggestions('r2')).toEqual([
        { value: 'dee@example.com', label: 'Dee Driver' },
        // Without a name, the e-mail alone.
        { value: 'eve@example.com', label: null },
      ]),
    );
    // One list for every route's field, read once.
    expect(suggestions('r1')).toEqual(suggestions('r2'));
    expect(choicesAsked()).toBe(1);
  });

  it('picking a suggestion puts its e-mail in the field, and Save sends it', async () => {
    const user = userEvent.setup();
    server.assign = (input) => assignment(input.route as string, input.driverEmail as string, 1);
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r2' });
    await vi.waitFor(() => expect(suggestions('r2')).toHaveLength(2));
    await vi.waitFor(() => expect(field).toBeEnabled());
    // What a browser does on a pick: the option's value becomes the field's.
    await user.type(field, suggestions('r2')[0].value);
    await user.click(screen.getByRole('button', { name: 'Save driver for route r2' }));
    expect(await toast(`dee@example.com now drives route r2 on ${DAY}.`)).toBeTruthy();
    expect(sent('assignRouteDriver')[0]).toMatchObject({ route: 'r2', driverEmail: 'dee@example.com' });
  });

  it('while the list loads, an e-mail can be typed and saved', async () => {
    const user = userEvent.setup();
    server.choices = () => new Promise(() => {});
    server.assign = (input) => assignment(input.route as string, input.driverEmail as string, 1);
    renderWithProviders(<RoutesByDate />);
    const field = await screen.findByRole('combobox', { name: 'Driver e-mail for route r2' });
    await vi.waitFor(() => expect(field).toBeEnabled());
    await vi.waitFor(() => expect(choicesAsked()).toBe(1));
    await user.type(field, 'fay@example.com');
    await user.click(screen.getByRole('button', { name: 'Save driver for route r2' }));
    expect(await toast(`fay@example.com now drives route r2 on ${DAY}.`)).toBeTruthy();
    expect(suggestions('r2')).toEqual([]);
  });

  it('when the list fails, says so with a Retry, and an e-mail can still be typed and saved', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.choices = () => {
      if (fail) throw new TypeError('Failed to fetch');
      return [choice('dee@example.com', 'Dee Driver')];
    };
    server.assign = (input) => assignment(input.route as string, input.driverEmail as string, 1);
    renderWithProviders(<RoutesByDate />);
    expect(await screen.findByText(/The list of drivers could not be loaded/)).toHaveTextContent(
      "The list of drivers could not be loaded. You can still type a driver's e-mail.",
    );
    const field = screen.getByRole('combobox', { name: 'Driver e-mail for route r2' });
    await vi.waitFor(() => expect(field).toBeEnabled());
    await user.type(field, 'fay@example.com');
    await user.click(screen.getByRole('button', { name: 'Save driver for route r2' }));
    expect(await toast(`fay@example.com now drives route r2 on ${DAY}.`)).toBeTruthy();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(suggestions('r2')).toEqual([{ value: 'dee@example.com', label: 'Dee Driver' }]));
    expect(screen.queryByText(/The list of drivers could not be loaded/)).toBeNull();
  });

  it('is not asked for by a user who may not assign drivers', async () => {
    vi.mocked(getMyAccess).mockResolvedValue({ actions: ['ViewRoutes'], flags: [] });
    renderWithProviders(<RoutesByDate />);
    await vi.waitFor(() =>
      expect(screen.getByRole('group', { name: 'Driver of route r1' })).toHaveTextContent('Driver: ann@example.com'),
    );
    expect(choicesAsked()).toBe(0);
    expect(actionsFor('routeDriverChoices')).toEqual(['AssignRoutes']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql, rest } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { LocationScheduleView, UpcomingChanges } from './LocationScheduleView';
import { DELETE_SCHEDULED_CHANGE_FAILURE } from '@/lib/messages';
import { COMPLETE_NOW_SENT } from '../lib/constants';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
  rest: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);
const restMock = vi.mocked(rest);

interface Stored {
  uuid: string;
  actionTime: string;
  id: string;
  change: { id: string; table: string; attribute: string; value: string };
  localActionTime: string;
  timeZoneLabel: string;
  status: 'PENDING' | 'FAILED';
}

let schedules: Stored[];
let upcoming: Stored[];
let historyItems: unknown[];
let deleted: string[];
let created: unknown[];
/** Errors the server answers when deleting these uuids. */
let deleteErrors: Record<string, Error>;

const stored = (uuid: string, attribute: string, value: string): Stored => ({
  uuid,
  actionTime: '2099-01-01T16:00:00.000Z',
  id: 'CHI_0001',
  change: { id: 'CHI_0001', table: 'locations', attribute, value },
  localActionTime: '2099-01-01 10:00',
  timeZoneLabel: 'CT',
  status: 'PENDING',
});

function backend(query: string, variables?: Record<string, unknown>): unknown {
  if (query.includes('getLocation('))
    return { getLocation: [{ id: 'CHI_0001', type: 'FRIDGE', prettyName: 'Willis Tower', timeZone: 'CHICAGO' }] };
  if (query.includes('locationHistory(')) return { locationHistory: { items: historyItems, nextToken: null } };
  if (query.includes('upcomingScheduleChanges(')) return { upcomingScheduleChanges: upcoming };
  if (query.includes('deleteScheduleChange(')) {
    const { uuid } = variables!.input as { uuid: string };
    if (deleteErrors[uuid]) throw deleteErrors[uuid];
    deleted.push(uuid);
    schedules = schedules.filter((s) => s.uuid !== uuid);
    return { deleteScheduleChange: true };
  }
  if (query.includes('createScheduleChange(')) {
    created.push(variables!.input);
    // Stored again, pending at its new time.
    const input = variables!.input as { attribute: string; value: string; dateTime: string }[];
    schedules.push(
      ...input.map((c, i) => ({
        ...stored(`n${i}`, c.attribute, c.value),
        actionTime: c.dateTime,
        localActionTime: 'soon',
      })),
    );
    return { createScheduleChange: [] };
  }
  throw new Error(`unexpected ${query}`);
}

beforeEach(() => {
  // Three changes of one location at one instant: one group, acted on together.
  schedules = [stored('a', 'percentage', '5'), stored('b', 'route', '"ne-07"'), stored('c', 'status', '"LIVE"')];
  upcoming = [];
  historyItems = [];
  deleted = [];
  created = [];
  deleteErrors = {};
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (q, v) => backend(String(q), v as Record<string, unknown> | undefined) as never);
  restMock.mockReset();
  restMock.mockImplementation(async () => schedules.map((s) => ({ ...s })) as never);
});

const groupRow = async () =>
  (await screen.findByText(/percentage: 5; route: ne-07; status: LIVE/)).closest('tr') as HTMLElement;

describe('LocationScheduleView, deleting a group (issue 20)', () => {
  it('deletes every change of the group and says so', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LocationScheduleView id="CHI_0001" />);
    await user.click(within(await groupRow()).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText('Scheduled change deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['a', 'b', 'c']);
  });

  it('reports every change that failed, not only the first one, and claims no success', async () => {
    const user = userEvent.setup();
    deleteErrors = {
      b: new ApiError('Error! User Action Prohibited!', { errorType: 'Forbidden' }),
      c: new ApiError('Throttled, try again', { errorType: 'Throttling' }),
    };
    renderWithProviders(<LocationScheduleView id="CHI_0001" />);
    await user.click(within(await groupRow()).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const report = await screen.findByRole('alertdialog', { name: '2 scheduled changes not deleted' });
    expect(report).toHaveTextContent(
      'The scheduled change was not fully deleted. 1 of 3 changes deleted; these were not:',
    );
    const items = within(within(report).getByRole('list', { name: 'Changes not deleted' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'route at 2099-01-01 10:00 CT: Error! User Action Prohibited!',
      'status at 2099-01-01 10:00 CT: Throttled, try again',
    ]);
    expect(screen.queryByText('Scheduled change deleted')).toBeNull();
    // The schedule is reloaded: what is left is shown.
    await waitFor(() => expect(screen.queryByText(/percentage: 5/)).toBeNull());
    expect(screen.getByText('route: ne-07; status: LIVE')).toBeInTheDocument();
  });

  it('does not complete now when a change of the group could not be deleted', async () => {
    const user = userEvent.setup();
    deleteErrors = { c: new TypeError('Failed to fetch') };
    renderWithProviders(<LocationScheduleView id="CHI_0001" />);
    await user.click(within(await groupRow()).getByRole('button', { name: 'Complete Now' }));
    const report = await screen.findByRole('alertdialog', { name: '1 scheduled change not deleted' });
    expect(report).toHaveTextContent('Nothing was completed now. 2 of 3 changes deleted; this one was not:');
    expect(report).toHaveTextContent(`status at 2099-01-01 10:00 CT: ${DELETE_SCHEDULED_CHANGE_FAILURE}`);
    expect(created).toEqual([]);
    expect(screen.queryByText(COMPLETE_NOW_SENT)).toBeNull();
  });

  it('completes now, then reads the schedule again until the scheduler has applied the change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LocationScheduleView id="CHI_0001" />);
    await user.click(within(await groupRow()).getByRole('button', { name: 'Complete Now' }));
    expect(await screen.findByText(COMPLETE_NOW_SENT)).toBeInTheDocument();
    // The server stored the group again, due about 5 s on: the list shows it pending.
    await screen.findAllByText(/soon CT/);
    const reads = restMock.mock.calls.length;
    // Its wake-up applies it: the list, read again on its own, shows nothing pending, and the history shows it.
    schedules = [];
    historyItems = [
      {
        at: new Date().toISOString(),
        who: 'ops@x.co',
        source: 'Scheduled change',
        changes: [{ attribute: 'percentage', oldValue: '1', newValue: '5', reason: null }],
      },
    ];
    await waitFor(() => expect(screen.queryByText(/soon CT/)).toBeNull(), { timeout: 5000 });
    expect(restMock.mock.calls.length).toBeGreaterThan(reads);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Change history' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toContain('percentage: 1 → 5'),
    );
  });
});

describe('LocationScheduleView shows values as a person reads them (issue 22)', () => {
  const holiday = () => [
    stored('r', 'updateReason', '{"prod":"Holiday Break"}'),
    stored('p', 'prod', '0'),
    stored(
      's',
      'stockingSchedule',
      '{"Monday":1,"Tuesday":0,"Wednesday":1,"Thursday":0,"Friday":1,"Saturday":0,"Sunday":0}',
    ),
  ];

  it('lists a scheduled reason and day schedule in words, not JSON', async () => {
    schedules = holiday();
    renderWithProviders(<LocationScheduleView id="CHI_0001" />);
    const table = await screen.findByRole('table', { name: 'Scheduled changes of CHI_0001' });
    expect(
      await within(table).findByText('updateReason: prod: Holiday Break; prod: 0; stockingSchedule: Mon, Wed, Fri'),
    ).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/[{}"]/);
  });

  it('lists upcoming changes in words, not JSON', async () => {
    upcoming = holiday();
    renderWithProviders(<UpcomingChanges />);
    const table = await screen.findByRole('table', { name: 'Upcoming changes' });
    expect(
      await within(table).findByText('updateReason: prod: Holiday Break; prod: 0; stockingSchedule: Mon, Wed, Fri'),
    ).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/[{}"]/);
  });

  it("keeps the upcoming changes' market, attribute and filter in the address", async () => {
    const at = (id: string, attribute: string, uuid: string): Stored => ({
      ...stored(uuid, attribute, '1'),
      id,
      change: { id, table: 'locations', attribute, value: '1' },
    });
    upcoming = [at('CHI_0002', 'prod', 'u1'), at('NYC_0001', 'prod', 'u2'), at('NYC_0002', 'reserve', 'u3')];
    const user = userEvent.setup();
    // Opened from an address that names them, as Back from a location's page does.
    renderWithProviders(<UpcomingChanges />, { route: '/locations/schedule?market=NYC&attribute=prod' });
    const table = await screen.findByRole('table', { name: 'Upcoming changes' });
    await within(table).findByText('NYC_0001');
    expect(within(table).queryByText('CHI_0002')).not.toBeInTheDocument();
    expect(within(table).queryByText('NYC_0002')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Market')).toHaveValue('NYC');
    expect(screen.getByLabelText('Attribute')).toHaveValue('prod');
    // A choice made on the screen is kept the same way.
    await user.selectOptions(screen.getByLabelText('Attribute'), 'ALL');
    expect(await within(table).findByText('NYC_0002')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter'), 'NYC_0002');
    await waitFor(() => expect(within(table).queryByText('NYC_0001')).not.toBeInTheDocument());
  });

  it('shows a market from the address that no upcoming change has, with nothing listed', async () => {
    upcoming = [stored('u1', 'prod', '1')];
    renderWithProviders(<UpcomingChanges />, { route: '/locations/schedule?market=BOS' });
    expect(await screen.findByText('0 of 1 changes')).toBeInTheDocument();
    expect(screen.getByLabelText('Market')).toHaveValue('BOS');
  });

  it('shows history diffs in words, an absent value as a dash', async () => {
    historyItems = [
      {
        at: '2026-11-26T00:00:00.000Z',
        who: 'lee@x.co',
        source: 'Scheduled change',
        changes: [
          { attribute: 'updateReason', oldValue: 'null', newValue: '{"prod":"Holiday Break"}', reason: null },
          {
            attribute: 'stockingSchedule',
            oldValue: '{"Monday":1,"Tuesday":1,"Wednesday":1,"Thursday":1,"Friday":1,"Saturday":0,"Sunday":0}',
            newValue: '{"Monday":0,"Tuesday":0,"Wednesday":0,"Thursday":0,"Friday":0,"Saturday":0,"Sunday":1}',
            reason: null,
          },
          { attribute: 'covid19', oldValue: 'false', newValue: 'true', reason: null },
        ],
      },
    ];
    renderWithProviders(<LocationScheduleView id="CHI_0001" />);
    const list = await screen.findByRole('list', { name: 'Change history' });
    const changes = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('history-change'))
      .map((li) => li.textContent);
    expect(changes).toEqual([
      'updateReason: — → prod: Holiday Break',
      'stockingSchedule: Mon, Tue, Wed, Thu, Fri → Sun',
      'covid19: No → Yes',
    ]);
  });
});

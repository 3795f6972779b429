import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { LocationDetailView } from './LocationDetailView';
import { DEVICE_ADDRESS_FAILURE } from '@/lib/messages';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);

interface Stored {
  uuid: string;
  actionTime: string;
  id: string;
  change: { id: string; table: string; attribute: string; value: string };
  localActionTime?: string;
  timeZoneLabel?: string;
  status?: 'PENDING' | 'FAILED';
  failureReason?: string | null;
  failedAt?: string | null;
  deadlineWarning?: string | null;
}

interface ScheduleInput {
  location: string;
  attribute: string;
  value: string;
  dateTime?: string;
  localDateTime?: string;
}

interface HistoryItem {
  at: string;
  who: string;
  source: string;
  changes: { attribute: string; oldValue: string | null; newValue: string | null; reason: string | null }[];
}

let loc: Record<string, unknown>;
let schedules: Stored[];
let updates: Record<string, unknown>[];
let created: ScheduleInput[];
let deleted: string[];
/** Errors the server answers when deleting these uuids. */
let deleteErrors: Record<string, Error>;
/** History pages by nextToken ('' = the first page). */
let history: Record<string, { items: HistoryItem[]; nextToken: string | null }>;
let historyCalls: (string | null)[];
let historyError: Error | null;
let n = 0;

const CONFLICT = 'This location was changed by lee@x.co at 2026-11-22 10:05 CT. Reload to see the change.';

function backend(query: string, variables?: Record<string, unknown>): unknown {
  if (query.includes('getLocation(')) return { getLocation: loc ? [{ ...loc }] : [] };
  if (query.includes('locationHistory(')) {
    const token = (variables!.nextToken as string | null) ?? null;
    historyCalls.push(token);
    if (historyError) throw historyError;
    return { locationHistory: history[token ?? ''] ?? { items: [], nextToken: null } };
  }
  if (query.includes('getPlanogramNames')) return { getPlanogramNames: ['LAYOUT_A'] };
  if (query.includes('getFridgeSchemasTemplates')) return { getFridgeSchemasTemplates: ['NE_STANDARD'] };
  if (query.includes('getPriceMapTemplates')) return { getPriceMapTemplates: ['PMT_NE_STANDARD'] };
  if (query.includes('readScheduleChange')) return { readScheduleChange: schedules };
  if (query.includes('updateLocation(')) {
    const { version, source, ...input } = JSON.parse(variables!.input as string) as Record<string, unknown>;
    updates.push({ version, source, ...input });
    if (input.percentage === 99) throw new ApiError('percentage is locked', { errorType: 'BadRequest' });
    // As the server: a stale version is refused and nothing is written.
    if (version !== undefined && version !== loc.version) throw new ApiError(CONFLICT, { errorType: 'Conflict' });
    Object.assign(loc, input, { version: Number(loc.version) + 1 });
    return { updateLocation: { id: loc.id } };
  }
  if (query.includes('createScheduleChange(')) {
    const input = variables!.input as ScheduleInput[];
    created.push(...input);
    for (const i of input) {
      if (i.dateTime && Date.parse(i.dateTime) - Date.now() < 10_000) {
        // "Complete Now": the scheduler applies it at once.
        loc[i.attribute] = JSON.parse(i.value);
      } else {
        n += 1;
        // The server reads localDateTime in the fridge's zone and answers it back as localActionTime.
        schedules.push({
          uuid: `u${n}`,
          actionTime: i.dateTime ?? `${i.localDateTime}:00.000Z`,
          id: i.location,
          change: { id: i.location, table: 'locations', attribute: i.attribute, value: i.value },
          localActionTime: i.localDateTime?.replace('T', ' '),
          timeZoneLabel: String(loc.timeZoneLabel),
          status: 'PENDING',
        });
      }
    }
    return { createScheduleChange: input.map((i) => ({ uuid: 'x', actionTime: i.dateTime ?? i.localDateTime })) };
  }
  if (query.includes('deleteScheduleChange(')) {
    const { uuid } = variables!.input as { uuid: string };
    if (deleteErrors[uuid]) throw deleteErrors[uuid];
    deleted.push(uuid);
    const gone = schedules.find((s) => s.uuid === uuid);
    schedules = schedules.filter(
      (s) => s.uuid !== uuid && !(gone && s.actionTime === gone.actionTime && gone.change.attribute === 'prod'),
    );
    return { deleteScheduleChange: true };
  }
  if (query.includes('generateAprivaDeviceAddress')) throw new TypeError('Failed to fetch');
  throw new Error(`unexpected ${query}`);
}

beforeEach(() => {
  loc = {
    id: 'CHI_0001',
    type: 'FRIDGE',
    prettyName: 'Willis Tower',
    street: '233 S Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60606',
    percentage: 10,
    prod: 0,
    reserve: 0,
    hours: '24 Hours',
    layoutName: 'dummy',
    paymentGateway: 'Standard experience',
    aprivaDeviceAddress: 'DEV-1',
    stockingSchedule: JSON.stringify({
      Monday: 1,
      Tuesday: 1,
      Wednesday: 1,
      Thursday: 1,
      Friday: 1,
      Saturday: 0,
      Sunday: 0,
    }),
    version: 1,
    timeZone: 'CHICAGO',
    timeZoneLabel: 'CT',
    timeZoneIana: 'America/Chicago',
    lastModified: '2026-11-26T00:00:00.000Z',
    lastModifiedBy: 'lee@x.co',
  };
  schedules = [];
  updates = [];
  created = [];
  deleted = [];
  deleteErrors = {};
  history = {};
  historyCalls = [];
  historyError = null;
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (q, v) => backend(String(q), v as Record<string, unknown> | undefined) as never);
});

function renderDetail(id = 'CHI_0001') {
  return renderWithProviders(
    <Routes>
      <Route path="/locations/detail/:id" element={<LocationDetailView id={id} />} />
      <Route path="/locations/all" element={<p>ALL LOCATIONS</p>} />
    </Routes>,
    { route: `/locations/detail/${id}` },
  );
}

const row = (field: string) => document.querySelector(`tr[data-field="${field}"]`) as HTMLElement;

/** What every update from this screen carries besides its values. */
const meta = (version = 1) => ({ version, source: 'Location detail' });

const stored = (uuid: string, attribute: string, value: string, extra: Partial<Stored> = {}): Stored => ({
  uuid,
  actionTime: '2099-01-01T16:00:00.000Z',
  id: 'CHI_0001',
  change: { id: 'CHI_0001', table: 'locations', attribute, value },
  localActionTime: '2099-01-01 10:00',
  timeZoneLabel: 'CT',
  status: 'PENDING',
  ...extra,
});

describe('LocationDetailView', () => {
  it('shows the Property/Value table', async () => {
    renderDetail();
    await screen.findByText('233 S Wacker Dr, Chicago, IL 60606');
    expect(within(row('prod')).getByText('Ready for Allocation')).toBeInTheDocument();
    expect(within(row('prod')).getByText('No')).toBeInTheDocument();
    expect(within(row('paymentGateway')).getByText('Standard experience')).toBeInTheDocument();
    expect(within(row('paymentGateway')).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(row('stockingSchedule')).getByText('Mon, Tue, Wed, Thu, Fri')).toBeInTheDocument();
    expect(within(row('percentage')).getByText('No Scheduled Changes')).toBeInTheDocument();
  });

  it('redirects when the location does not exist', async () => {
    loc = undefined as never;
    renderDetail('NOPE');
    expect(await screen.findByText('ALL LOCATIONS')).toBeInTheDocument();
  });

  it('validates, saves and reloads a field', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    const input = within(dialog).getByLabelText('percentage');
    await user.clear(input);
    await user.type(input, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('percentage should be a number in the range of 0 to 100!')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    expect(updates).toEqual([{ id: 'CHI_0001', ...meta(1), percentage: 55 }]);
    await waitFor(() => expect(screen.getByTestId('value-percentage')).toHaveTextContent('55'));
  });

  it('shows the server message when an update fails', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    await user.clear(within(dialog).getByLabelText('percentage'));
    await user.type(within(dialog).getByLabelText('percentage'), '99');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('percentage is locked')).toBeInTheDocument();
  });

  it('Escape cancels and restores the old value', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit percentage' }));
    const input = within(screen.getByRole('dialog', { name: 'Edit percentage' })).getByLabelText('percentage');
    await user.clear(input);
    await user.type(input, '77{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit percentage' })).toBeNull();
    expect(updates).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Edit percentage' }));
    expect(within(screen.getByRole('dialog', { name: 'Edit percentage' })).getByLabelText('percentage')).toHaveValue(
      '10',
    );
  });

  it('needs a reason for an allocation change and closes when nothing changed', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit Ready for Allocation' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Ready for Allocation' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(updates).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Edit Ready for Allocation' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Ready for Allocation' });
    await user.selectOptions(within(dialog).getByLabelText('Ready for Allocation'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Reason cannot be empty')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await user.type(within(dialog).getByLabelText('Other reason'), 'Pilot week');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully updated');
    expect(updates).toEqual([{ id: 'CHI_0001', ...meta(1), prod: 1, updateReason: { prod: 'Pilot week' } }]);
  });

  it('accepts only offered options in search fields', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit layoutName' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit layoutName' });
    const input = within(dialog).getByLabelText('layoutName');
    await user.clear(input);
    await user.type(input, 'LAYOUT_');
    expect(within(dialog).getByText('Please select a valid option from the dropdown')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(input, 'A');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('validates the hours dialog', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit hours' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit hours' });
    await user.click(within(dialog).getByLabelText('No'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Time should be entered for atleast one day')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Monday start'), '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      within(dialog).getByText('Both Start Hours and End hours for Monday should be present or absent'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Monday end'), '17:00');
    await user.click(within(dialog).getByRole('button', { name: /Copy Monday/ }));
    expect(within(dialog).getByText('Summary: Mon-Fri 08:00 to 17:00;')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Successfully updated');
    expect(updates[0]).toMatchObject({
      id: 'CHI_0001',
      ...meta(1),
      is24Hours: false,
      workHours: { Monday: [['08:00', '17:00']], Saturday: [] },
    });
  });

  it('schedules a change, lists it and completes it now', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    await user.clear(within(dialog).getByLabelText('percentage'));
    await user.type(within(dialog).getByLabelText('percentage'), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Schedule date and time cannot be empty')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Date and time (CT)'), '2099-06-30T07:15');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(schedules).toHaveLength(1);
    expect(schedules[0].change).toMatchObject({ attribute: 'percentage', value: '42' });

    const change = await within(row('percentage')).findByRole('button', {
      name: 'Scheduled change of percentage at 2099-06-30 07:15 CT to 42',
    });
    expect(within(row('percentage')).getByText('Scheduled Changes:')).toBeInTheDocument();
    await user.click(change);
    const prompt = screen.getByRole('alertdialog', { name: 'How would you like to proceed?' });
    expect(within(prompt).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(prompt).getByRole('button', { name: 'Complete Now' }));
    await waitFor(() => expect(screen.getByTestId('value-percentage')).toHaveTextContent('42'), { timeout: 4000 });
    expect(schedules).toHaveLength(0);
    // Complete Now stays an absolute instant, about 5 s ahead.
    const now = created[1];
    expect(now.localDateTime).toBeUndefined();
    expect(Math.abs(Date.parse(now.dateTime!) - (Date.now() + 5000))).toBeLessThan(4000);
  });

  it("schedules in the fridge's time zone: labelled input, localDateTime sent, wall time listed", async () => {
    Object.assign(loc, { timeZone: 'NEWYORK', timeZoneLabel: 'ET', timeZoneIana: 'America/New_York' });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit route' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit route' });
    await user.type(within(dialog).getByLabelText('route'), 'ne-07');
    expect(within(dialog).queryByLabelText('Date and time (CT)')).toBeNull();
    await user.type(within(dialog).getByLabelText('Date and time (ET)'), '2099-11-25T18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The wall time goes as typed; the browser's zone plays no part.
    expect(created).toEqual([
      { location: 'CHI_0001', attribute: 'route', value: '"ne-07"', localDateTime: '2099-11-25T18:00' },
    ]);
    expect(
      await within(row('route')).findByRole('button', {
        name: 'Scheduled change of route at 2099-11-25 18:00 ET to ne-07',
      }),
    ).toHaveTextContent('2099-11-25 18:00 ET: ne-07');
  });

  it('refuses a time that has passed on the fridge clock', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit route' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit route' });
    await user.type(within(dialog).getByLabelText('route'), 'r1');
    await user.type(within(dialog).getByLabelText('Date and time (CT)'), '2001-01-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Schedule date and time should be in the future')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('shows the deadline warning beside a scheduled allocation', async () => {
    const warning = 'Lands after the 6 pm CT allocation deadline: the fridge will not be stocked that day';
    schedules = [
      stored('a', 'prod', '1', { localActionTime: '2099-01-01 19:00', deadlineWarning: warning }),
      stored('b', 'updateReason', '{"prod":"First Stocking"}', { localActionTime: '2099-01-01 19:00' }),
    ];
    renderDetail();
    await screen.findByRole('table');
    const note = await within(row('prod')).findByRole('note');
    expect(note).toHaveTextContent(warning);
    expect(note).toHaveClass('deadline-warning');
    expect(
      within(row('prod')).getByRole('button', { name: /at 2099-01-01 19:00 CT to Yes \(First Stocking\)$/ }),
    ).toBeInTheDocument();
    expect(within(row('percentage')).queryByRole('note')).toBeNull();
  });

  it('shows a failed scheduled change with its reason and offers only Delete', async () => {
    const user = userEvent.setup();
    schedules = [
      stored('f1', 'status', '"LIVE"', {
        status: 'FAILED',
        failureReason: 'ann@x.co no longer holds the permission this change needs',
        failedAt: '2099-01-01T16:00:02.000Z',
      }),
      stored('p1', 'status', '"OFFLINE"', {
        actionTime: '2099-02-01T16:00:00.000Z',
        localActionTime: '2099-02-01 10:00',
      }),
    ];
    renderDetail();
    await screen.findByRole('table');
    const failed = await within(row('status')).findByRole('group', {
      name: 'Failed change of status at 2099-01-01 10:00 CT',
    });
    expect(failed).toHaveTextContent('Could not apply: ann@x.co no longer holds the permission this change needs');
    expect(
      within(failed)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Delete']);
    // Only the pending one opens the actions prompt.
    expect(within(row('status')).getAllByRole('button', { name: /^Scheduled change of status/ })).toHaveLength(1);

    await user.click(
      within(failed).getByRole('button', { name: 'Delete failed change of status at 2099-01-01 10:00 CT' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(row('status')).queryByRole('group')).toBeNull());
    expect(deleted).toEqual(['f1']);
    expect(
      within(row('status')).getByRole('button', { name: /^Scheduled change of status at 2099-02-01 10:00 CT/ }),
    ).toBeInTheDocument();
  });

  it('Edit of a scheduled change deletes nothing on Close, and replaces it on Save', async () => {
    const user = userEvent.setup();
    schedules = [stored('s1', 'layoutName', '"LAYOUT_A"', { localActionTime: '2099-03-04 05:06' })];
    renderDetail();
    await screen.findByRole('table');
    const pick = () => within(row('layoutName')).findByRole('button', { name: /^Scheduled change of layoutName/ });

    await user.click(await pick());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit scheduled change of layoutName' });
    expect(within(dialog).getByLabelText('layoutName')).toHaveValue('LAYOUT_A');
    expect(within(dialog).getByLabelText('Date and time (CT)')).toHaveValue('2099-03-04T05:06');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleted).toEqual([]);
    expect(created).toEqual([]);
    expect(await pick()).toHaveAccessibleName('Scheduled change of layoutName at 2099-03-04 05:06 CT to LAYOUT_A');

    await user.click(await pick());
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Edit scheduled change of layoutName' });
    await user.clear(within(dialog).getByLabelText('layoutName'));
    await user.type(within(dialog).getByLabelText('layoutName'), 'dummy');
    const when = within(dialog).getByLabelText('Date and time (CT)');
    await user.clear(when);
    await user.type(when, '2099-03-05T08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(created).toEqual([
      { location: 'CHI_0001', attribute: 'layoutName', value: '"dummy"', localDateTime: '2099-03-05T08:00' },
    ]);
    expect(deleted).toEqual(['s1']);
    expect(updates).toEqual([]);
    await waitFor(() =>
      expect(
        within(row('layoutName'))
          .getAllByRole('button', { name: /^Scheduled change of layoutName/ })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Scheduled change of layoutName at 2099-03-05 08:00 CT to Default (dummy)']),
    );
  });

  it('sends the version loaded; a stale one shows who changed it and reloads the location', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    // Someone else saves meanwhile, and a background reload picks it up while the dialog is open:
    // the dialog still edits the location as it loaded it.
    Object.assign(loc, { percentage: 77, version: 2 });
    await act(() => queryClient.invalidateQueries({ queryKey: ['locations', 'detail', 'CHI_0001'] }));
    await waitFor(() => expect(screen.getByTestId('value-percentage')).toHaveTextContent('77'));
    await user.clear(within(dialog).getByLabelText('percentage'));
    await user.type(within(dialog).getByLabelText('percentage'), '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
    expect(updates).toEqual([{ id: 'CHI_0001', ...meta(1), percentage: 55 }]);
    await waitFor(() => expect(screen.getByTestId('value-percentage')).toHaveTextContent('77'));

    // After the reload the next save carries the new version and goes through.
    await user.click(screen.getByRole('button', { name: 'Edit percentage' }));
    const again = screen.getByRole('dialog', { name: 'Edit percentage' });
    await user.clear(within(again).getByLabelText('percentage'));
    await user.type(within(again).getByLabelText('percentage'), '56');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('value-percentage')).toHaveTextContent('56'));
    expect(updates[1]).toEqual({ id: 'CHI_0001', ...meta(2), percentage: 56 });
  });

  it('shows when the location was last changed in fridge time', async () => {
    renderDetail();
    expect(await screen.findByText('Last modified 2026-11-25 18:00 CT by lee@x.co')).toBeInTheDocument();
  });

  it('lists the change history newest first, in fridge time, with Load more', async () => {
    const user = userEvent.setup();
    history = {
      '': {
        items: [
          {
            at: '2026-11-26T00:00:00.000Z',
            who: 'lee@x.co',
            source: 'Location detail',
            changes: [
              { attribute: 'prod', oldValue: '0', newValue: '1', reason: 'First Stocking' },
              { attribute: 'route', oldValue: 'null', newValue: '"chi-01"', reason: null },
            ],
          },
          {
            at: '2026-11-20T15:30:00.000Z',
            who: 'ann@x.co',
            source: 'Scheduled change for 2026-11-20 09:30 CT',
            changes: [{ attribute: 'percentage', oldValue: '0', newValue: '7', reason: null }],
          },
        ],
        nextToken: 'page2',
      },
      page2: {
        items: [
          {
            at: '2026-11-01T12:00:00.000Z',
            who: 'ann@x.co',
            source: 'Create location form',
            changes: [{ attribute: 'city', oldValue: null, newValue: '"Chicago"', reason: null }],
          },
        ],
        nextToken: null,
      },
    };
    renderDetail();
    const section = await screen.findByRole('region', { name: 'History' });
    const list = await within(section).findByRole('list', { name: 'Change history' });
    const records = () => within(list).getAllByTestId('history-record');
    expect(records()).toHaveLength(2);
    const [newest, older] = records();
    expect(newest).toHaveTextContent('2026-11-25 18:00 CT');
    expect(newest).toHaveTextContent('lee@x.co');
    expect(newest).toHaveTextContent('Location detail');
    expect(within(newest).getByText(/1 \(Reason: First Stocking\)$/)).toHaveTextContent(
      'prod: 0 → 1 (Reason: First Stocking)',
    );
    expect(within(newest).getByText(/chi-01/)).toHaveTextContent('route: — → chi-01');
    expect(older).toHaveTextContent('2026-11-20 09:30 CT');
    expect(older).toHaveTextContent('percentage: 0 → 7');

    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(records()).toHaveLength(3));
    expect(records()[2]).toHaveTextContent('2026-11-01 06:00 CTann@x.coCreate location formcity: — → Chicago');
    expect(within(section).queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(historyCalls).toEqual([null, 'page2']);
  });

  it('says when there is no history yet', async () => {
    renderDetail();
    const section = await screen.findByRole('region', { name: 'History' });
    expect(await within(section).findByText('No changes recorded yet')).toBeInTheDocument();
  });

  it('shows why the history could not be loaded', async () => {
    historyError = new ApiError('Error! User Action Prohibited!', { errorType: 'Forbidden' });
    renderDetail();
    const section = await screen.findByRole('region', { name: 'History' });
    expect(await within(section).findByText('Error! User Action Prohibited!')).toBeInTheDocument();
  });

  it('reloads the history after a save', async () => {
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('region', { name: 'History' });
    await waitFor(() => expect(historyCalls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    await user.clear(within(dialog).getByLabelText('percentage'));
    await user.type(within(dialog).getByLabelText('percentage'), '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(historyCalls).toHaveLength(2));
  });

  it('deletes a scheduled change after confirmation', async () => {
    const user = userEvent.setup();
    schedules = [stored('a', 'prod', '1'), stored('b', 'updateReason', '{"prod":"First Stocking"}')];
    renderDetail();
    await screen.findByRole('button', { name: 'Edit Ready for Allocation' });
    const change = await within(row('prod')).findByRole('button', { name: /Yes \(First Stocking\)$/ });
    await user.click(change);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(row('prod')).getByText('No Scheduled Changes')).toBeInTheDocument());
  });

  it("reports a partner's failed delete instead of claiming success (issue 20)", async () => {
    const user = userEvent.setup();
    // A reserve change and its reason: the server refuses to delete the reason.
    schedules = [stored('a', 'reserve', '5'), stored('b', 'updateReason', '{"reserve":"Rebalance"}')];
    deleteErrors = { b: new ApiError('Error! User Action Prohibited!', { errorType: 'Forbidden' }) };
    renderDetail();
    await screen.findByRole('button', { name: 'Edit reserve' });
    await user.click(
      await within(row('reserve')).findByRole('button', { name: /^Scheduled change of reserve.*\(Rebalance\)$/ }),
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const report = await screen.findByRole('alertdialog', { name: '1 scheduled change not deleted' });
    expect(report).toHaveTextContent(
      'The scheduled change was not fully deleted. 1 of 2 changes deleted; this one was not:',
    );
    expect(within(report).getByRole('list', { name: 'Changes not deleted' })).toHaveTextContent(
      'updateReason at 2099-01-01 10:00 CT: Error! User Action Prohibited!',
    );
    expect(screen.queryByText('Scheduled change deleted')).toBeNull();
    expect(deleted).toEqual(['a']);
    await user.click(within(report).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not complete now when a part of the change could not be deleted (issue 20)', async () => {
    const user = userEvent.setup();
    schedules = [stored('a', 'reserve', '5'), stored('b', 'updateReason', '{"reserve":"Rebalance"}')];
    deleteErrors = { b: new ApiError('Throttled, try again', { errorType: 'Throttling' }) };
    renderDetail();
    await screen.findByRole('button', { name: 'Edit reserve' });
    await user.click(
      await within(row('reserve')).findByRole('button', { name: /^Scheduled change of reserve.*\(Rebalance\)$/ }),
    );
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Complete Now' }));
    const report = await screen.findByRole('alertdialog', { name: '1 scheduled change not deleted' });
    expect(report).toHaveTextContent('Nothing was completed now. 1 of 2 changes deleted; this one was not:');
    expect(report).toHaveTextContent('updateReason at 2099-01-01 10:00 CT: Throttled, try again');
    expect(created).toEqual([]);
  });

  it('offers only Generate for the device address, never a typed one', async () => {
    renderDetail();
    await screen.findByRole('button', { name: 'Generate Campus Card device address' });
    expect(within(row('aprivaDeviceAddress')).getByText('DEV-1')).toBeInTheDocument();
    expect(within(row('aprivaDeviceAddress')).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(row('aprivaDeviceAddress')).queryByRole('textbox')).toBeNull();
  });

  it('shows the fallback message when generating a device address fails without an answer', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Generate Campus Card device address' }));
    expect(await screen.findByText(DEVICE_ADDRESS_FAILURE)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, graphql } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { LocationDetailView } from './LocationDetailView';

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
}

let loc: Record<string, unknown>;
let schedules: Stored[];
let updates: Record<string, unknown>[];
let n = 0;

function backend(query: string, variables?: Record<string, unknown>): unknown {
  if (query.includes('getLocation(')) return { getLocation: loc ? [{ ...loc }] : [] };
  if (query.includes('getPlanogramNames')) return { getPlanogramNames: ['LAYOUT_A'] };
  if (query.includes('getFridgeSchemasTemplates')) return { getFridgeSchemasTemplates: ['NE_STANDARD'] };
  if (query.includes('getPriceMapTemplates')) return { getPriceMapTemplates: ['PMT_NE_STANDARD'] };
  if (query.includes('readScheduleChange')) return { readScheduleChange: schedules };
  if (query.includes('updateLocation(')) {
    const input = JSON.parse(variables!.input as string) as Record<string, unknown>;
    updates.push(input);
    if (input.percentage === 99) throw new ApiError('percentage is locked', { errorType: 'BadRequest' });
    Object.assign(loc, input);
    return { updateLocation: { id: loc.id } };
  }
  if (query.includes('createScheduleChange(')) {
    const input = variables!.input as { location: string; attribute: string; value: string; dateTime: string }[];
    for (const i of input) {
      if (Date.parse(i.dateTime) - Date.now() < 10_000) {
        // "Complete Now": the scheduler applies it at once.
        loc[i.attribute] = JSON.parse(i.value);
      } else {
        n += 1;
        schedules.push({
          uuid: `u${n}`,
          actionTime: i.dateTime,
          id: i.location,
          change: { id: i.location, table: 'locations', attribute: i.attribute, value: i.value },
        });
      }
    }
    return { createScheduleChange: input.map((i) => ({ uuid: 'x', actionTime: i.dateTime })) };
  }
  if (query.includes('deleteScheduleChange(')) {
    const { uuid } = variables!.input as { uuid: string };
    const gone = schedules.find((s) => s.uuid === uuid);
    schedules = schedules.filter((s) => s.uuid !== uuid && !(gone && s.actionTime === gone.actionTime && gone.change.attribute === 'prod'));
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
    stockingSchedule: JSON.stringify({ Monday: 1, Tuesday: 1, Wednesday: 1, Thursday: 1, Friday: 1, Saturday: 0, Sunday: 0 }),
  };
  schedules = [];
  updates = [];
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (q, v) => backend(q, v) as never);
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
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('percentage cannot be empty')).toBeInTheDocument();
    await user.type(input, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('percentage should be a number in the range of 0 to 100!')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    expect(updates).toEqual([{ id: 'CHI_0001', percentage: 55 }]);
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
    expect(within(screen.getByRole('dialog', { name: 'Edit percentage' })).getByLabelText('percentage')).toHaveValue('10');
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
    expect(updates).toEqual([{ id: 'CHI_0001', prod: 1, updateReason: { prod: 'Pilot week' } }]);
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
    expect(updates[0]).toMatchObject({ id: 'CHI_0001', is24Hours: false, workHours: { Monday: [['08:00', '17:00']], Saturday: [] } });
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
    const d = new Date(Date.now() + 3600_000);
    const p = (x: number) => String(x).padStart(2, '0');
    const local = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    await user.type(within(dialog).getByLabelText('Schedule for'), local);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(schedules).toHaveLength(1);
    expect(schedules[0].change).toMatchObject({ attribute: 'percentage', value: '42' });

    const change = await within(row('percentage')).findByRole('button', { name: /Scheduled change of percentage .* to 42/ });
    expect(within(row('percentage')).getByText('Scheduled Changes:')).toBeInTheDocument();
    await user.click(change);
    const prompt = screen.getByRole('alertdialog', { name: 'How would you like to proceed?' });
    expect(within(prompt).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(prompt).getByRole('button', { name: 'Complete Now' }));
    await waitFor(() => expect(screen.getByTestId('value-percentage')).toHaveTextContent('42'), { timeout: 4000 });
    expect(schedules).toHaveLength(0);
  });

  it('deletes a scheduled change after confirmation', async () => {
    const user = userEvent.setup();
    schedules = [
      { uuid: 'a', actionTime: '2099-01-01T10:00:00.000Z', id: 'CHI_0001', change: { id: 'CHI_0001', table: 'locations', attribute: 'prod', value: '1' } },
      { uuid: 'b', actionTime: '2099-01-01T10:00:00.000Z', id: 'CHI_0001', change: { id: 'CHI_0001', table: 'locations', attribute: 'updateReason', value: '{"prod":"First Stocking"}' } },
    ];
    renderDetail();
    await screen.findByRole('button', { name: 'Edit Ready for Allocation' });
    const change = await within(row('prod')).findByRole('button', { name: /Yes \(First Stocking\)$/ });
    await user.click(change);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(row('prod')).getByText('No Scheduled Changes')).toBeInTheDocument());
  });

  it('shows the fallback message when generating a device address fails without an answer', async () => {
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Generate Campus Card device address' }));
    expect(
      await screen.findByText('Unable to generate Apriva device address. Please check your internet and your permissions'),
    ).toBeInTheDocument();
  });
});

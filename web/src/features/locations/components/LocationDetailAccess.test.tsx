import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { refusalReason } from '@/lib/access';
import { ApiError, graphql, PROHIBITED_MESSAGE } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import LocationDetail from '../routes/LocationDetail';
import { DETAIL_FIELDS } from '../lib/detail-fields';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

const FORBIDDEN = () => new ApiError(PROHIBITED_MESSAGE, { status: 403, errorType: 'Forbidden' });
const refusal = (call: string) => refusalReason(call, false);

let updates: number;
let deletes: number;

const stored = (uuid: string, attribute: string, value: string, status = 'PENDING') => ({
  uuid,
  actionTime: '2099-01-01T16:00:00.000Z',
  id: 'CHI_0001',
  change: { id: 'CHI_0001', table: 'locations', attribute, value },
  localActionTime: '2099-01-01 10:00',
  timeZoneLabel: 'CT',
  status,
});

beforeEach(() => {
  updates = 0;
  deletes = 0;
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown) => {
    const q = String(doc);
    if (q.includes('getLocation('))
      return {
        getLocation: [
          {
            id: 'CHI_0001',
            type: 'FRIDGE',
            prettyName: 'Willis Tower',
            percentage: 10,
            prod: 0,
            reserve: 0,
            version: 1,
            timeZone: 'CHICAGO',
            timeZoneLabel: 'CT',
            timeZoneIana: 'America/Chicago',
          },
        ],
      } as never;
    if (q.includes('locationHistory(')) return { locationHistory: { items: [], nextToken: null } } as never;
    if (q.includes('readScheduleChange'))
      return {
        readScheduleChange: [
          stored('a', 'percentage', '20'),
          stored('f', 'route', '"chi-02"', 'FAILED'),
          stored('p', 'prod', '1'),
          stored('r', 'updateReason', '{"prod":"Holiday Break"}'),
        ],
      } as never;
    if (q.includes('getPlanogramNames')) return { getPlanogramNames: [] } as never;
    if (q.includes('getFridgeSchemasTemplates')) return { getFridgeSchemasTemplates: [] } as never;
    if (q.includes('getPriceMapTemplates')) return { getPriceMapTemplates: [] } as never;
    if (q.includes('updateLocation(')) {
      updates += 1;
      throw FORBIDDEN();
    }
    if (q.includes('deleteScheduleChange(')) {
      deletes += 1;
      throw FORBIDDEN();
    }
    throw new Error(`unexpected ${q}`);
  });
});

function renderDetail() {
  return renderWithProviders(
    <Routes>
      <Route path="/locations/detail/*" element={<LocationDetail />} />
    </Routes>,
    { route: '/locations/detail/CHI_0001' },
  );
}

const row = (field: string) => document.querySelector(`tr[data-field="${field}"]`) as HTMLElement;
const EDITABLE = DETAIL_FIELDS.filter((d) => d.kind !== 'readonly' && d.kind !== 'deviceAddress');

describe('the detail page knows what the user may do (issue 22)', () => {
  it('disables all 27 Edit buttons, Generate and the Delete of a failed change for a user who may only read', async () => {
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation', 'GetScheduledEvents'], flags: [] });
    renderDetail();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit percentage' })).toBeDisabled());
    const edits = EDITABLE.map((d) => screen.getByRole('button', { name: `Edit ${d.label}` }));
    expect(edits).toHaveLength(27);
    for (const edit of edits) {
      expect(edit).toBeDisabled();
      expect(edit.parentElement).toHaveAttribute('title', refusal('updateLocation'));
    }
    const generate = screen.getByRole('button', { name: 'Generate Campus Card device address' });
    expect(generate).toBeDisabled();
    expect(generate.parentElement).toHaveAttribute('title', refusal('generateAprivaDeviceAddress'));
    const failedDelete = within(row('route')).getByRole('button', { name: /^Delete failed change of route/ });
    expect(failedDelete).toBeDisabled();
    expect(failedDelete.parentElement).toHaveAttribute('title', refusal('deleteScheduleChange'));
  });

  it('disables Delete and Complete Now of a scheduled change for a user who may not change schedules', async () => {
    const user = userEvent.setup();
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation', 'GetScheduledEvents'], flags: [] });
    renderDetail();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit percentage' })).toBeDisabled());
    await user.click(within(row('percentage')).getByRole('button', { name: /^Scheduled change of percentage/ }));
    const dialog = screen.getByRole('alertdialog');
    await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled());
    await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Complete Now' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Complete Now' }).parentElement).toHaveAttribute(
      'title',
      refusal('createScheduleChange'),
    );
  });

  it('lets a user who may edit but not schedule Save, with Schedule disabled', async () => {
    const user = userEvent.setup();
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation', 'UpdateLocation'], flags: [] });
    renderDetail();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit percentage' })).toBeEnabled());
    await vi.waitFor(() => expect(accessMock).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    const schedule = within(dialog).getByRole('button', { name: 'Schedule' });
    expect(schedule).toBeDisabled();
    expect(schedule.parentElement).toHaveAttribute('title', refusal('createScheduleChange'));
  });

  it('answers a 403 on Save with the kit dialog, not raw text on the page', async () => {
    const user = userEvent.setup();
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Edit percentage' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit percentage' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'percentage' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'percentage' }), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const kit = await screen.findByRole('alertdialog', { name: 'Not allowed' });
    expect(kit).toHaveTextContent(PROHIBITED_MESSAGE);
    expect(updates).toBe(1);
    // Said once, in the kit's dialog: no toast or alert of the form repeats it.
    expect(screen.getAllByText(PROHIBITED_MESSAGE)).toHaveLength(1);
  });

  it('answers a 403 on deleting a scheduled change with the kit dialog, not a report of raw messages', async () => {
    const user = userEvent.setup();
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    renderDetail();
    await screen.findByRole('button', { name: 'Edit percentage' });
    await user.click(await within(row('percentage')).findByRole('button', { name: /^Scheduled change of percentage/ }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Are you sure want to delete this item?' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const kit = await screen.findByRole('alertdialog', { name: 'Not allowed' });
    expect(kit).toHaveTextContent(PROHIBITED_MESSAGE);
    expect(deletes).toBe(1);
    expect(screen.queryByRole('alertdialog', { name: /not deleted/ })).toBeNull();
    expect(screen.getAllByText(PROHIBITED_MESSAGE)).toHaveLength(1);
  });

  it('shows a scheduled allocation and its reason as a person reads them', async () => {
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    renderDetail();
    await screen.findByRole('button', { name: 'Edit percentage' });
    const change = await within(row('prod')).findByRole('button', {
      name: /^Scheduled change of Ready for Allocation/,
    });
    expect(change).toHaveTextContent('2099-01-01 10:00 CT: Yes (Holiday Break)');
    expect(document.body.textContent).not.toMatch(/[{}]/);
  });
});

describe('the option lists of the edit dialogs (issue 43)', () => {
  const listCalls = () =>
    vi
      .mocked(graphql)
      .mock.calls.map(([doc]) => String(doc))
      .filter((q) => /getPlanogramNames|getFridgeSchemasTemplates|getPriceMapTemplates/.test(q));

  it('are neither loaded nor reported as failed for a user who may only read', async () => {
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation', 'GetScheduledEvents'], flags: [] });
    renderDetail();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit percentage' })).toBeDisabled());
    expect(listCalls()).toEqual([]);
    expect(screen.queryByText(/Unable to load/)).toBeNull();
    expect(screen.queryByText(/Please check your internet/)).toBeNull();
  });

  it('are loaded for a user who may edit, and a failure is still reported', async () => {
    const answer = vi.mocked(graphql).getMockImplementation()!;
    vi.mocked(graphql).mockImplementation(async (doc, vars) => {
      if (String(doc).includes('getPriceMapTemplates')) throw new TypeError('Failed to fetch');
      return answer(doc, vars);
    });
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation', 'UpdateLocation'], flags: [] });
    renderDetail();
    expect(
      await screen.findByText('Unable to load Price map templates, Please check your internet and your permissions'),
    ).toBeInTheDocument();
    expect(listCalls()).toHaveLength(3);
  });
});

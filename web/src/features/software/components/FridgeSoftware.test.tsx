import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { getLocation } from '@/lib/locations/get-location';
import { ApiError } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { getAvailableFridgeArtifacts } from '../api/get-available-fridge-artifacts';
import { getFridgeArtifacts } from '../api/get-fridge-artifacts';
import { getFridgeSoftwarePilots } from '../api/get-fridge-software-pilots';
import { updateFridgeArtifacts } from '../api/update-fridge-artifacts';
import FridgeSoftware from '../routes/FridgeSoftware';
import { DeploymentPanel } from './DeploymentPanel';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const loadOffline = () => {};
vi.mock('@/lib/locations/use-locations-list', () => ({
  useLocationsList: () => ({
    locations: [
      { id: 'F1', type: 'FRIDGE', status: 'LIVE' },
      { id: 'F2', type: 'FRIDGE', status: 'LIVE' },
    ],
    drivers: [],
    refreshing: false,
    error: false,
    loadOffline,
  }),
}));
vi.mock('@/lib/locations/get-location', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/locations/get-location')>()),
  getLocation: vi.fn(),
}));
vi.mock('../api/get-fridge-artifacts', () => ({ getFridgeArtifacts: vi.fn() }));
vi.mock('../api/get-available-fridge-artifacts', () => ({ getAvailableFridgeArtifacts: vi.fn() }));
vi.mock('../api/get-fridge-software-pilots', () => ({ getFridgeSoftwarePilots: vi.fn() }));
vi.mock('../api/update-fridge-artifacts', () => ({ updateFridgeArtifacts: vi.fn() }));
vi.mock('../api/put-fridge-software-pilot', () => ({ putFridgeSoftwarePilot: vi.fn() }));

const access = vi.mocked(getMyAccess);
const reason = (call: string) => refusalReason(call, false);

beforeEach(() => {
  vi.clearAllMocks();
  access.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(getFridgeArtifacts).mockResolvedValue([
    { artifactType: 'FRIDGE_AGENT', versions: [{ versionName: '2.15.0', fridgesDeployedTo: ['F1', 'F2'] }] },
  ]);
  vi.mocked(getAvailableFridgeArtifacts).mockResolvedValue([
    {
      artifactType: 'FRIDGE_AGENT',
      availableVersions: [{ version: '2.16.0', cleanName: '2.16.0', versionName: '2.16.0', rawVersion: '2.16.0' }],
    },
  ]);
  vi.mocked(getFridgeSoftwarePilots).mockResolvedValue([]);
});

const table = () => screen.getByRole('table', { name: 'Fridge software' });

describe('Fridge software for a user without its parts (issue 22)', () => {
  it('leaves out the versions and pilots, says so plainly, reports no error, and refuses Create Deployment', async () => {
    access.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    renderWithProviders(<FridgeSoftware />);
    expect(
      await screen.findByText(`The software versions are not shown. ${reason('getFridgeArtifacts')}`),
    ).toBeInTheDocument();
    expect(screen.getByText(`The pilots are not shown. ${reason('getFridgeSoftwarePilots')}`)).toBeInTheDocument();
    expect(screen.queryByText('There was an error querying data, please refresh page and try again.')).toBeNull();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    expect(headers.some((h) => h.startsWith('Agent') || h.startsWith('UI') || h.startsWith('Pilots'))).toBe(false);
    expect(getFridgeArtifacts).not.toHaveBeenCalled();
    expect(getFridgeSoftwarePilots).not.toHaveBeenCalled();
    const create = screen.getByRole('button', { name: 'Create Deployment' });
    expect(create).toBeDisabled();
    expect(create.closest('[title]')).toHaveAttribute('title', reason('updateFridgeArtifacts'));
    expect(screen.getByRole('button', { name: 'Deployments' })).toBeDisabled();
  });

  it('shows every part, with Create Deployment, to a user with the actions; one h1 and no skipped level', async () => {
    renderWithProviders(<FridgeSoftware />);
    await within(table()).findAllByText('2.15.0');
    expect(screen.queryByText(/are not shown/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create Deployment' }));
    expect(screen.getByRole('heading', { name: 'Create Deployment' })).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });
});

describe('DEPLOY when the update call fails as a whole (issue 22, §2.1)', () => {
  it('shows the error, not every fridge listed as failed; the result headings skip no level', async () => {
    vi.mocked(updateFridgeArtifacts).mockRejectedValue(new ApiError('Version 9 is not available.'));
    renderWithProviders(<FridgeSoftware />);
    await within(table()).findAllByText('2.15.0');
    await userEvent.click(screen.getByRole('button', { name: 'Create Deployment' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select F1' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select F2' }));
    const panel = screen.getByRole('region', { name: 'Create Deployment' });
    await userEvent.selectOptions(within(panel).getByLabelText('Software'), 'FRIDGE_AGENT');
    await userEvent.selectOptions(within(panel).getByLabelText('Version'), '2.16.0');
    await userEvent.click(within(panel).getByRole('button', { name: 'DEPLOY' }));
    await userEvent.click(screen.getByRole('button', { name: 'Deploy' }));
    const result = await screen.findByRole('alertdialog', { name: 'Deployment result' });
    expect(within(result).getByText('The FridgeSoftwareVersion table failed to update.')).toBeInTheDocument();
    expect(within(result).getByText('Version 9 is not available.')).toBeInTheDocument();
    expect(within(result).queryByText(/The following fridges failed to update:/)).toBeNull();
    expect(headingProblems(document.body)).toEqual([]);
  });
});

function renderPanel(known = ['F1']) {
  return renderWithProviders(
    <DeploymentPanel
      selected={[]}
      knownIds={new Set(known)}
      available={[
        {
          artifactType: 'FRIDGE_AGENT',
          availableVersions: [{ version: '2.16.0', cleanName: '2.16.0', versionName: '2.16.0', rawVersion: '2.16.0' }],
        },
      ]}
      pilots={[]}
      busy={false}
      onDeploy={vi.fn()}
      onCancel={vi.fn()}
    />,
  );
}

const idsField = () => screen.getByLabelText('Enter each Fridge ID on a new line');

describe('DeploymentPanel: ids the cached list lacks are checked with the server (issue 22)', () => {
  it('accepts a fridge created since the last refresh, and names only the ids that do not exist', async () => {
    vi.mocked(getLocation).mockImplementation(async (id: string) =>
      id === 'NEW_FRIDGE' ? ({ id } as Awaited<ReturnType<typeof getLocation>>) : null,
    );
    renderPanel();
    await userEvent.selectOptions(screen.getByLabelText('Software'), 'FRIDGE_AGENT');
    await userEvent.selectOptions(screen.getByLabelText('Version'), '2.16.0');
    fireEvent.change(idsField(), { target: { value: 'F1\nNEW_FRIDGE\nNOPE' } });
    expect(
      await screen.findByText('The following fridges IDs do not exist in the Locations table:', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('NOPE')).toBeInTheDocument();
    expect(within(alert).queryByText('NEW_FRIDGE')).toBeNull();
    expect(
      vi
        .mocked(getLocation)
        .mock.calls.map((c) => c[0])
        .sort(),
    ).toEqual(['NEW_FRIDGE', 'NOPE']);
    expect(screen.getByRole('button', { name: 'DEPLOY' })).toBeDisabled();

    fireEvent.change(idsField(), { target: { value: 'F1\nNEW_FRIDGE' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'DEPLOY' })).toBeEnabled());
    expect(screen.queryByText('The following fridges IDs do not exist in the Locations table:')).toBeNull();
  });

  it('blocks DEPLOY for an id the server could not be asked about, and says so', async () => {
    vi.mocked(getLocation).mockRejectedValue(new ApiError('offline'));
    renderPanel();
    await userEvent.selectOptions(screen.getByLabelText('Software'), 'FRIDGE_AGENT');
    await userEvent.selectOptions(screen.getByLabelText('Version'), '2.16.0');
    fireEvent.change(idsField(), { target: { value: 'MAYBE' } });
    expect(
      await screen.findByText('These fridge IDs could not be checked with the server:', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'DEPLOY' })).toBeDisabled();
    expect(screen.queryByText('The following fridges IDs do not exist in the Locations table:')).toBeNull();
  });

  it('refuses the pilot fields to a user without the pilot action, and DEPLOY to one without the deploy action', async () => {
    access.mockResolvedValue({ actions: ['GetFridgeSoftware'], flags: [] });
    renderPanel();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Pilot?' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Pilot?' }).closest('[title]')).toHaveAttribute(
      'title',
      reason('putFridgeSoftwarePilot'),
    );
    const deploy = screen.getByRole('button', { name: 'DEPLOY' });
    expect(deploy).toBeDisabled();
    expect(deploy.closest('[title]')).toHaveAttribute('title', reason('updateFridgeArtifacts'));
    expect(screen.getByLabelText('Software')).toBeDisabled();
  });
});

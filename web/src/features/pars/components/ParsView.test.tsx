import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { LOAD_LOCATIONS_FAILURE } from '@/lib/messages';
import { opsLocationIds } from '../api/ops-location-ids';
import { keepOpsLocations } from '@/lib/locations/kept-ops-locations';
import { OPS_LOCATIONS_FRESH_MS } from '../api/pars-lookups';
import { lookAheadDates } from '../lib/par-groups';
import { ParsView } from './ParsView';

vi.mock('../api/ops-location-ids', () => ({ opsLocationIds: vi.fn() }));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('ParsView locations (issue 63)', () => {
  it('says the locations are loading, then offers them in order', async () => {
    let answer: (ids: { id: string; type: string }[]) => void = () => undefined;
    vi.mocked(opsLocationIds).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<ParsView />);
    const select = screen.getByLabelText('Location');
    expect(select).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Loading locations…' })).toBeInTheDocument();
    answer([
      { id: 'NYC_0002', type: 'FRIDGE' },
      { id: 'chi_0001', type: 'FRIDGE' },
    ]);
    expect(await screen.findByRole('option', { name: 'NYC_0002' })).toBeInTheDocument();
    expect(select).toBeEnabled();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a location',
      'chi_0001',
      'NYC_0002',
    ]);
  });

  it('says the locations could not be loaded, not that pars were not found, and reads them again on Retry', async () => {
    vi.mocked(opsLocationIds).mockRejectedValue(new Error('down'));
    renderWithProviders(<ParsView />);
    expect(await screen.findByText(LOAD_LOCATIONS_FAILURE)).toBeInTheDocument();
    expect(screen.queryByText('There was an issue finding pars at that date/location combination')).toBeNull();

    vi.mocked(opsLocationIds).mockResolvedValue([{ id: 'NYC_0002', type: 'FRIDGE' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'NYC_0002' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(LOAD_LOCATIONS_FAILURE)).toBeNull());
  });

  it("offers the day's kept locations at once, and reads them again in the background once they are a minute old", async () => {
    const [today] = lookAheadDates();
    keepOpsLocations(today, [{ id: 'KEPT_0001', type: 'FRIDGE' }], Date.now());
    const fresh = renderWithProviders(<ParsView />);
    expect(screen.getByRole('option', { name: 'KEPT_0001' })).toBeInTheDocument();
    expect(opsLocationIds).not.toHaveBeenCalled();
    fresh.unmount();

    keepOpsLocations(today, [{ id: 'KEPT_0001', type: 'FRIDGE' }], Date.now() - OPS_LOCATIONS_FRESH_MS - 1);
    vi.mocked(opsLocationIds).mockResolvedValue([
      { id: 'KEPT_0001', type: 'FRIDGE' },
      { id: 'NEW_0002', type: 'FRIDGE' },
    ]);
    renderWithProviders(<ParsView />);
    expect(screen.getByRole('option', { name: 'KEPT_0001' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'NEW_0002' })).toBeInTheDocument();
    expect(opsLocationIds).toHaveBeenCalledTimes(1);
  });

  it("does not use another day's kept locations", async () => {
    keepOpsLocations('2000-01-01', [{ id: 'OLD_0001', type: 'FRIDGE' }], Date.now());
    vi.mocked(opsLocationIds).mockResolvedValue([{ id: 'TODAY_0001', type: 'FRIDGE' }]);
    renderWithProviders(<ParsView />);
    expect(await screen.findByRole('option', { name: 'TODAY_0001' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'OLD_0001' })).toBeNull();
  });
});

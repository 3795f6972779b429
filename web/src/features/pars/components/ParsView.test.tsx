import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { opsLocationIds } from '../api/ops-location-ids';
import { ParsView } from './ParsView';

vi.mock('../api/ops-location-ids', () => ({ opsLocationIds: vi.fn() }));

beforeEach(() => vi.clearAllMocks());

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

  it('says no pars can be found when the locations cannot be read', async () => {
    vi.mocked(opsLocationIds).mockRejectedValue(new Error('down'));
    renderWithProviders(<ParsView />);
    expect(
      await screen.findByText('There was an issue finding pars at that date/location combination'),
    ).toBeInTheDocument();
  });
});

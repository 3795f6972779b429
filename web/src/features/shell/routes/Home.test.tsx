import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { getMyAccess } from '@/lib/access/get-my-access';
import { actionsFor } from '@/lib/access/useAccess';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import Home, { MAIN_SCREENS } from './Home';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Screens' }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('Home', () => {
  it('shows a card for every main screen, Portfolio Health included, under the one h1', async () => {
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    renderWithProviders(<Home />);
    await screen.findByRole('link', { name: 'Portfolio Health' });
    expect(cardTitles()).toEqual(MAIN_SCREENS.map((s) => s.title));
    expect(screen.getByRole('link', { name: 'Portfolio Health' })).toHaveAttribute('href', '/portfoliohealth');
    expect(screen.getByRole('heading', { level: 2, name: 'Locations' })).toBeInTheDocument();
    expect(headingProblems()).toEqual([]);
  });

  it('leaves out the screens the user may not open', async () => {
    const lacking = ['fleetHealth', 'GET /users/permissions', 'createLocation'].flatMap((call) => actionsFor(call)!);
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS.filter((a) => !lacking.includes(a)), flags: [] });
    renderWithProviders(<Home />);
    await screen.findByRole('link', { name: 'Locations' });
    expect(screen.queryByRole('link', { name: 'Portfolio Health' })).toBeNull();
    expect(cardTitles()).not.toContain('Permissions');
    expect(cardTitles()).not.toContain('Add Fridge');
    expect(cardTitles()).toContain('Locations');
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { actionsFor } from '@/lib/access/useAccess';
import { newTestQueryClient } from '@/test/utils';
import { ScreenLink } from './ScreenLink';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

function renderLinks() {
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <MemoryRouter>
        <ScreenLink to="/locations/detail/CHI_1">Details</ScreenLink>
        <ScreenLink to="/locations/inventory/CHI_1" aria-label="Inventory of CHI_1">
          Inventory
        </ScreenLink>
        <ScreenLink to="/home">Home</ScreenLink>
        <p>rendered</p>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ScreenLink', () => {
  it('leaves out a link to a screen the user may not open, and keeps the others', async () => {
    accessMock.mockResolvedValue({ actions: actionsFor('getLocation')!, flags: [] });
    renderLinks();
    expect(await screen.findByRole('link', { name: 'Details' })).toHaveAttribute('href', '/locations/detail/CHI_1');
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inventory of CHI_1' })).toBeNull();
  });

  it('shows a link to a guarded screen only once the access is known', async () => {
    let grant!: (a: { actions: string[]; flags: string[] }) => void;
    accessMock.mockReturnValue(new Promise((resolve) => (grant = resolve)));
    renderLinks();
    expect(screen.getByText('rendered')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Inventory of CHI_1' })).toBeNull();
    grant({ actions: actionsFor('GET /locations/{id}/inventory')!, flags: [] });
    expect(await screen.findByRole('link', { name: 'Inventory of CHI_1' })).toBeInTheDocument();
  });

  it('shows every link when the access cannot be loaded: the server decides', async () => {
    accessMock.mockRejectedValue(new Error('offline'));
    renderLinks();
    expect(await screen.findByRole('link', { name: 'Inventory of CHI_1' })).toBeInTheDocument();
  });
});

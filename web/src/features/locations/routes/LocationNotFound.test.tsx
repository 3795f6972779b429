import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import LocationDetail from './LocationDetail';
import LocationsList from './LocationsList';
import { notFoundIdOf, notFoundMessage, notFoundState } from './not-found';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const graphqlMock = vi.mocked(graphql);

beforeEach(() => {
  localStorage.clear();
  graphqlMock.mockReset();
  graphqlMock.mockImplementation(async (doc: unknown) => {
    const q = String(doc);
    if (q.includes('getLocation(')) return { getLocation: [] } as never;
    if (q.includes('locations(')) return { locations: { items: [], nextToken: null } } as never;
    return {} as never;
  });
});

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/locations/detail/*" element={<LocationDetail />} />
      <Route path="/locations/all" element={<LocationsList />} />
    </Routes>,
    { route },
  );
}

describe('an unknown location id', () => {
  it('lands on the list, which says which location was not found', async () => {
    const user = userEvent.setup();
    renderAt('/locations/detail/NOPE_1');
    expect(await screen.findByRole('heading', { name: 'Locations' })).toBeInTheDocument();
    const notice = screen.getByText('Location NOPE_1 was not found');
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /dismiss/i }));
    expect(screen.queryByText('Location NOPE_1 was not found')).toBeNull();
  });

  it('says nothing on a plain visit of the list', async () => {
    renderAt('/locations/all');
    expect(await screen.findByText('No locations yet.')).toBeInTheDocument();
    expect(screen.queryByText(/was not found/)).toBeNull();
  });

  it('reads the id only from its own router state', () => {
    expect(notFoundIdOf(notFoundState('CHI_9'))).toBe('CHI_9');
    for (const state of [null, undefined, 'CHI_9', {}, { notFoundId: '' }, { notFoundId: 7 }])
      expect(notFoundIdOf(state)).toBeNull();
    expect(notFoundMessage('CHI_9')).toBe('Location CHI_9 was not found');
  });
});

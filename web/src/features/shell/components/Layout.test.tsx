import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tabbables } from '@/components/Modal';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ALL_ACTIONS, applyTestConfig, renderWithProviders } from '@/test/utils';
import { getLocationServicesStatus } from '../api/get-location-services-status';
import { Layout } from './Layout';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { payload: { email: 'ops@example.com', sub: 's' } } } })),
  signOut: vi.fn(async () => undefined),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
vi.mock('../api/get-location-services-status', () => ({ getLocationServicesStatus: vi.fn() }));

beforeEach(() => {
  applyTestConfig();
  vi.mocked(getMyAccess).mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(getLocationServicesStatus).mockResolvedValue({ status: 'ok', checkedAt: '2024-01-01T00:00:00.000Z' });
});

function renderShell() {
  return renderWithProviders(
    <Routes>
      <Route element={<Layout />}>
        <Route path="/home" element={<button type="button">First control of the page</button>} />
      </Route>
    </Routes>,
    { route: '/home' },
  );
}

describe('the skip link (issue 43)', () => {
  it('is the first stop of Tab, before the navigation', async () => {
    renderShell();
    await screen.findByRole('button', { name: 'Forecast' });
    const stops = tabbables(document.body);
    expect(stops[0]).toBe(screen.getByRole('link', { name: 'Skip to content' }));
    expect(stops[0]).toHaveAttribute('href', '#main-content');
    expect(stops[1].closest('nav')).not.toBeNull();
  });

  it('moves the focus to the main content, whose first control is the next stop', async () => {
    const user = userEvent.setup();
    renderShell();
    await screen.findByRole('button', { name: 'Forecast' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    await waitFor(() => expect(main).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'First control of the page' })).toHaveFocus();
  });

  it('does not navigate: the page stays where it is', async () => {
    renderShell();
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('button', { name: 'First control of the page' })).toBeInTheDocument();
  });
});

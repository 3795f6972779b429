import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { newTestQueryClient } from '@/test/utils';
import { getMyAccess } from '@/lib/access/get-my-access';
import { Guard } from './Guard';
import { screenNeeds } from '@/lib/access/screens';
import { actionsFor, refusalReason, useAccess } from '@/lib/access/useAccess';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

function renderEdit(hide = false) {
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <Guard call="updateLocation" hide={hide}>
        {(disabled) => <button disabled={disabled}>Edit</button>}
      </Guard>
      <p>loaded</p>
    </QueryClientProvider>,
  );
}

describe('Guard', () => {
  it('disables the control of a user without the action, with the reason as tooltip and as text', async () => {
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation'], flags: [] });
    renderEdit();
    const reason = refusalReason('updateLocation', false);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled());
    const edit = screen.getByRole('button', { name: 'Edit' });
    // The tooltip, and the same words right after the button for screen readers.
    expect(edit.parentElement).toHaveAttribute('title', reason);
    expect(edit.nextElementSibling).toHaveTextContent(reason);
  });

  it('hides it with hide', async () => {
    accessMock.mockResolvedValue({ actions: [], flags: [] });
    renderEdit(true);
    await screen.findByText('loaded');
    await vi.waitFor(() => expect(accessMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull());
  });

  it('leaves it enabled for a user with the action, and while the access is unknown', async () => {
    accessMock.mockResolvedValue({ actions: actionsFor('updateLocation')!, flags: [] });
    renderEdit();
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeEnabled();
  });

  it('leaves it enabled when the access cannot be loaded: the server decides', async () => {
    accessMock.mockRejectedValue(new Error('offline'));
    renderEdit();
    await vi.waitFor(() => expect(accessMock).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });
});

describe('screenNeeds', () => {
  it('finds the screen of a path, its sub-paths, and none for open screens', () => {
    expect(screenNeeds('/portfoliohealth')).toEqual({ call: 'fleetHealth', screen: 'Portfolio Health' });
    expect(screenNeeds('/locations/detail/abc')?.screen).toBe('Location Detail');
    expect(screenNeeds('/locations/health/abc?x=1')?.call).toBe('fridgeHealth');
    expect(screenNeeds('/locations/all/')?.call).toBe('locations');
    expect(screenNeeds('/home')).toBeUndefined();
    expect(screenNeeds('/locations/allx')).toBeUndefined();
    expect(screenNeeds('/reports/checkpoints')?.call).toBe('stockingDashboard');
    expect(screenNeeds('/checkpoints')?.call).toBe('stockingDashboard');
    expect(screenNeeds('/loginext')?.call).toBe('syncLogiNextLocRoutes');
  });

  it('names only calls the server registry knows', () => {
    for (const path of [
      '/portfoliohealth',
      '/locations/all',
      '/coupons',
      '/users/permissions',
      '/pars/upload',
      '/jit-management',
    ]) {
      expect(actionsFor(screenNeeds(path)!.call)).toBeTruthy();
    }
  });
});

function Opens({ path }: { path: string }) {
  return <p>{`${path}: ${useAccess().canOpen(path)}`}</p>;
}

function renderOpens() {
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <Opens path="/portfoliohealth" />
      <Opens path="/home" />
    </QueryClientProvider>,
  );
}

describe('canOpen', () => {
  it('offers no guarded screen while the access is loading', () => {
    accessMock.mockReturnValue(new Promise(() => {}));
    renderOpens();
    expect(screen.getByText('/portfoliohealth: false')).toBeInTheDocument();
    expect(screen.getByText('/home: true')).toBeInTheDocument();
  });

  it('answers by the actions once loaded, and offers every screen if the access failed', async () => {
    accessMock.mockResolvedValue({ actions: [], flags: [] });
    const { unmount } = renderOpens();
    await vi.waitFor(() => expect(accessMock).toHaveBeenCalled());
    expect(await screen.findByText('/portfoliohealth: false')).toBeInTheDocument();
    unmount();
    accessMock.mockRejectedValue(new Error('offline'));
    renderOpens();
    expect(await screen.findByText('/portfoliohealth: true')).toBeInTheDocument();
  });
});

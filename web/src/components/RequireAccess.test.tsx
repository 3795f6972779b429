import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { newTestQueryClient } from '@/test/utils';
import { getMyAccess } from '@/lib/access/get-my-access';
import { RequireAccess } from './RequireAccess';
import { actionFor, useRefusal } from '@/lib/access/useAccess';
import { focusManager } from '@tanstack/react-query';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

function renderGuarded() {
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <MemoryRouter>
        <RequireAccess call="fleetHealth" screen="Portfolio Health">
          <p>the chart</p>
        </RequireAccess>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function Refusal({ call }: { call: string }) {
  return <p>reason: {useRefusal(call) ?? 'none'}</p>;
}

describe('RequireAccess', () => {
  it('reads the action a call needs from the server registry', () => {
    expect(actionFor('fleetHealth')).toBe('GetFridgeHealth');
    expect(actionFor('getFeatureFlags')).toBeUndefined();
  });

  it('says plainly which screen, which permission and where it is granted, with no error or Retry', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    renderGuarded();
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio Health' })).toBeInTheDocument();
    expect(screen.getByText(/You do not have access to Portfolio Health/)).toHaveTextContent(
      `It needs the ${actionFor('fleetHealth')} permission.`,
    );
    expect(screen.getByRole('link', { name: 'Permissions' })).toHaveAttribute('href', '/users/permissions');
    expect(screen.queryByText('the chart')).toBeNull();
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  });

  it('titles the refusal as every other page: the kit Page and its title (issue 43)', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    renderGuarded();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Portfolio Health' });
    expect(heading).toHaveClass('page-title');
    expect(heading.parentElement).toHaveClass('page');
    expect(document.title).toBe('Portfolio Health · Fleet Console');
  });

  it('renders the screen for a user with the action', async () => {
    accessMock.mockResolvedValue({ actions: [actionFor('fleetHealth')!], flags: [] });
    renderGuarded();
    expect(await screen.findByText('the chart')).toBeInTheDocument();
  });

  it('renders the screen when the access cannot be loaded: the server decides', async () => {
    accessMock.mockRejectedValue(new Error('offline'));
    renderGuarded();
    expect(await screen.findByText('the chart')).toBeInTheDocument();
  });

  it('picks up a new grant when the window regains focus', async () => {
    accessMock.mockResolvedValue({ actions: [], flags: [] });
    renderGuarded();
    expect(await screen.findByText(/You do not have access/)).toBeInTheDocument();
    accessMock.mockResolvedValue({ actions: [actionFor('fleetHealth')!], flags: [] });
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('the chart')).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('gives a control the reason it is unavailable', async () => {
    accessMock.mockResolvedValue({ actions: [], flags: [] });
    render(
      <QueryClientProvider client={newTestQueryClient()}>
        <Refusal call="createQueueMessage" />
        <Refusal call="getFeatureFlags" />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        `reason: You need the ${actionFor('createQueueMessage')} permission. An administrator can grant it on the Permissions screen.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('reason: none')).toBeInTheDocument();
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { newTestQueryClient } from '@/test/utils';
import { getMyAccess } from '@/lib/access/get-my-access';
import { RequireAccess } from './RequireAccess';
import { actionsFor, refusalReason, useRefusal } from '@/lib/access/useAccess';
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
  it('reads the actions a call needs from the server registry', () => {
    expect(actionsFor('fleetHealth')).toEqual(['GetFridgeHealth']);
    expect(actionsFor('getFeatureFlags')).toBeUndefined();
  });

  it('says plainly which screen and what it needs, in words, and who grants it, with no error or Retry', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    renderGuarded();
    expect(await screen.findByRole('heading', { level: 1, name: 'Portfolio Health' })).toBeInTheDocument();
    expect(screen.getByText(/You do not have access to Portfolio Health/)).toHaveTextContent(
      'You do not have access to Portfolio Health. It needs permission to see fridge health.',
    );
    // Not the server's action id, and no link to a Permissions screen that would refuse this user too.
    expect(document.body).not.toHaveTextContent('GetFridgeHealth');
    expect(screen.getByText('Ask an administrator to grant it.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('the chart')).toBeNull();
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();
  });

  it('links to the Permissions screen for a user who may open it', async () => {
    accessMock.mockResolvedValue({ actions: actionsFor('GET /users/permissions')!, flags: [] });
    renderGuarded();
    expect(await screen.findByText(/An administrator grants permissions/)).toHaveTextContent(
      'An administrator grants permissions on the Permissions screen.',
    );
    expect(screen.getByRole('link', { name: 'Permissions' })).toHaveAttribute('href', '/users/permissions');
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
    accessMock.mockResolvedValue({ actions: actionsFor('fleetHealth')!, flags: [] });
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
    accessMock.mockResolvedValue({ actions: actionsFor('fleetHealth')!, flags: [] });
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('the chart')).toBeInTheDocument();
    focusManager.setFocused(undefined);
  });

  it('gives a control the reason it is unavailable, in words, and who grants it', async () => {
    accessMock.mockResolvedValue({ actions: [], flags: [] });
    render(
      <QueryClientProvider client={newTestQueryClient()}>
        <Refusal call="createQueueMessage" />
        <Refusal call="getFeatureFlags" />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        'reason: You need permission to send commands to fridges. Ask an administrator to grant it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('reason: none')).toBeInTheDocument();
  });

  it('names the Permissions screen in a reason only for a user who may open it', async () => {
    accessMock.mockResolvedValue({ actions: actionsFor('GET /users/permissions')!, flags: [] });
    render(
      <QueryClientProvider client={newTestQueryClient()}>
        <Refusal call="createQueueMessage" />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText(
        'reason: You need permission to send commands to fridges. An administrator can grant it on the Permissions screen.',
      ),
    ).toBeInTheDocument();
    expect(refusalReason('createQueueMessage', true)).toBe(
      'You need permission to send commands to fridges. An administrator can grant it on the Permissions screen.',
    );
  });
});

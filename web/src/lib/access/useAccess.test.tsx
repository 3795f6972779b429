import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RequireAccess } from '@/components/RequireAccess';
import { newTestQueryClient } from '@/test/utils';
import { getMyAccess } from './get-my-access';
import { actionsFor, refusalReason, useAccess, useRefusal } from './useAccess';

// A call with alternatives, as the server's registry may name them: any one of the actions suffices.
vi.mock('@/generated/rules.json', async (importOriginal) => {
  const rules = (await importOriginal<{ default: { actions: Record<string, unknown> } }>()).default;
  const actions = { ...rules.actions, routeAssignments: ['ViewRoutes', 'SuperviseStocking'] };
  return { default: { ...rules, actions } };
});
vi.mock('./get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

function Probe() {
  const { canCall, isLoading } = useAccess();
  const reason = useRefusal('routeAssignments');
  if (isLoading) return null;
  return (
    <>
      <p>{`can: ${canCall('routeAssignments')}`}</p>
      <p>{`reason: ${reason ?? 'none'}`}</p>
    </>
  );
}

function renderProbe() {
  return render(
    <QueryClientProvider client={newTestQueryClient()}>
      <MemoryRouter>
        <Probe />
        <RequireAccess call="routeAssignments" screen="Assignments">
          <p>the assignments</p>
        </RequireAccess>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a call with alternative actions', () => {
  it('lists them all; a single action is a list of one', () => {
    expect(actionsFor('routeAssignments')).toEqual(['ViewRoutes', 'SuperviseStocking']);
    expect(actionsFor('fleetHealth')).toEqual(['GetFridgeHealth']);
  });

  it.each([['ViewRoutes'], ['SuperviseStocking']])('is allowed to a user with %s alone', async (action) => {
    accessMock.mockResolvedValue({ actions: [action], flags: [] });
    renderProbe();
    expect(await screen.findByText('can: true')).toBeInTheDocument();
    expect(screen.getByText('reason: none')).toBeInTheDocument();
    expect(screen.getByText('the assignments')).toBeInTheDocument();
  });

  it('is refused to a user with neither, saying each alternative in words, joined with "or"', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    renderProbe();
    expect(await screen.findByText('can: false')).toBeInTheDocument();
    const needs = 'view routes and their drivers or supervise the stocking day';
    expect(screen.getByText(/^reason:/)).toHaveTextContent(
      `reason: You need permission to ${needs}. Ask an administrator to grant it.`,
    );
    expect(screen.getByText(/You do not have access to Assignments/)).toHaveTextContent(
      `You do not have access to Assignments. It needs permission to ${needs}.`,
    );
    expect(document.body).not.toHaveTextContent(/ViewRoutes|SuperviseStocking/);
    expect(refusalReason('routeAssignments', true)).toBe(
      `You need permission to ${needs}. An administrator can grant it on the Permissions screen.`,
    );
  });
});

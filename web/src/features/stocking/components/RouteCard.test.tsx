import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyAccess } from '@/lib/access/get-my-access';
import { accessQueryKey, actionsFor } from '@/lib/access/useAccess';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import { liveRoute, liveStop } from '../lib/live-fixtures';
import { RouteCard } from './RouteCard';

vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

const ROUTE = liveRoute('R1', [liveStop({ vendingState: 'STATUS_0_READY', vendingStateLabel: 'READY' })]);

/** Every action but those of `calls`: a user who may not open the screens built on them. */
const allBut = (...calls: string[]) => {
  const lacking = calls.flatMap((call) => actionsFor(call)!);
  return ALL_ACTIONS.filter((a) => !lacking.includes(a));
};

/** The stop's row, once the access has arrived (until then no location links anywhere). */
async function stopRow() {
  const { queryClient } = renderWithProviders(
    <RouteCard route={ROUTE} expanded onToggle={() => {}} now={Date.now()} />,
  );
  await vi.waitFor(() => expect(queryClient.getQueryState(accessQueryKey)?.status).toBe('success'));
  return within(await screen.findByRole('row', { name: 'Stop 1 CHI_0001' }));
}

describe("a stop's location", () => {
  beforeEach(() => accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] }));

  it('links to its Fridge Health for a user who may open it', async () => {
    const row = await stopRow();
    const link = await row.findByRole('link', { name: 'CHI_0001' });
    expect(link).toHaveAttribute('href', '/locations/health/CHI_0001');
    expect(link).toHaveAttribute('title', 'Willis');
  });

  it('links to its Location Detail instead for a user who may not open Fridge Health, not to a refusal', async () => {
    accessMock.mockResolvedValue({ actions: allBut('fridgeHealth'), flags: [] });
    const row = await stopRow();
    const link = await row.findByRole('link', { name: 'CHI_0001' });
    expect(link).toHaveAttribute('href', '/locations/detail/CHI_0001');
    expect(link).toHaveAttribute('title', 'Willis');
  });

  it('is plain text, with the same tooltip, for a user who may open neither', async () => {
    accessMock.mockResolvedValue({ actions: allBut('fridgeHealth', 'getLocation'), flags: [] });
    const row = await stopRow();
    const id = row.getByText('CHI_0001');
    expect(id).toHaveAttribute('title', 'Willis');
    expect(row.queryByRole('link')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { ApiError, graphql, PROHIBITED_MESSAGE } from '@/lib/api';
import { headingProblems } from '@/components/heading-outline';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import NewLocation from '../routes/NewLocation';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);
let creates: number;

beforeEach(() => {
  creates = 0;
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown) => {
    const q = String(doc);
    if (q.includes('getPlanogramNames')) return { getPlanogramNames: ['LAYOUT_A'] } as never;
    if (q.includes('getFridgeSchemasTemplates')) return { getFridgeSchemasTemplates: ['MW_STANDARD/latest'] } as never;
    if (q.includes('getPriceMapTemplates')) return { getPriceMapTemplates: ['PMT_NE_STANDARD'] } as never;
    if (q.includes('createLocation(')) {
      creates += 1;
      throw new ApiError(PROHIBITED_MESSAGE, { status: 403, errorType: 'Forbidden' });
    }
    throw new Error(q);
  });
});

function renderNew() {
  return renderWithProviders(
    <Routes>
      <Route path="/locations/new" element={<NewLocation />} />
    </Routes>,
    { route: '/locations/new' },
  );
}

describe('/locations/new for every user (issue 22)', () => {
  it('has one h1 and no skipped heading level', async () => {
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    renderNew();
    expect(await screen.findByRole('heading', { level: 1, name: 'New location' })).toBeInTheDocument();
    expect(headingProblems()).toEqual([]);
  });

  it('disables Create, with the reason, for a user who may not create locations', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    renderNew();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Create' }).parentElement).toHaveAttribute(
      'title',
      refusalReason('createLocation', false),
    );
  });

  it('answers a 403 with the kit dialog only, not the form own error dialog', async () => {
    const user = userEvent.setup();
    accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
    renderNew();
    // Each field filled as a paste after a click (one input event, not one per key): the test is about the 403.
    for (const [label, text] of [
      ['id', 'CHI_NEW_1'],
      ['prettyName', 'New fridge'],
      ['street', '1 Main St'],
      ['city', 'Chicago'],
      ['zipCode', '60601'],
      ['latitude', '41.88'],
      ['longitude', '-87.63'],
      ['directions', 'Lobby'],
      ['onlineDate', '2026-03-01'],
    ]) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.selectOptions(screen.getByLabelText('layoutName'), 'dummy');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alertdialog', { name: 'Not allowed' })).toHaveTextContent(PROHIBITED_MESSAGE);
    expect(creates).toBe(1);
    expect(screen.queryByRole('alertdialog', { name: 'Unable to create the location' })).toBeNull();
    expect(screen.getAllByText(PROHIBITED_MESSAGE)).toHaveLength(1);
  }, 20_000);
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { rest } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import ParsReport from '../routes/ParsReport';
import { PackingReport } from './PackingReport';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  rest: vi.fn(),
}));

const slot = (zone: string, bay: string, item: string, need: number) => ({ zone, bay, item, need });

beforeEach(() => {
  vi.mocked(rest).mockReset();
  vi.mocked(rest).mockResolvedValue({
    date: '20261125',
    locations: [
      {
        location: 'CHI_0002',
        driver: 'ann',
        data_ids: {},
        slots: [
          slot('other', 'B', 'Mystery Meal', 1),
          slot('2', 'A', 'Yogurt Parfait', 2),
          slot('1', 'A', 'Turkey Club', 1),
        ],
      },
      { location: 'CHI_0003', driver: 'bo', data_ids: {}, slots: [slot('1', 'A', 'Greek Salad', 0)] },
      {
        location: 'CHI_0001',
        driver: '',
        data_ids: {},
        slots: [slot('3', 'A', 'Cold Brew', 4), slot('1', 'A', 'Turkey Club', 2)],
      },
    ],
  } as never);
});

const items = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent).join(' '));

describe('PackingReport (issue 22)', () => {
  it('orders the tables and the Summary by zone and bay, leaves out all-zero locations, spaces the slips', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PackingReport />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Summary' });
    expect(items('Summary')).toEqual([
      '1 A Turkey Club 3',
      '2 A Yogurt Parfait 2',
      '3 A Cold Brew 4',
      'other B Mystery Meal 1',
    ]);
    expect(items('Packing slip CHI_0002')).toEqual([
      '1 A Turkey Club 1',
      '2 A Yogurt Parfait 2',
      'other B Mystery Meal 1',
    ]);
    expect(items('Packing slip CHI_0001')).toEqual(['1 A Turkey Club 2', '3 A Cold Brew 4']);
    expect(screen.queryByRole('region', { name: 'Packing slip CHI_0003' })).toBeNull();
    expect(screen.queryByText(/CHI_0003/)).toBeNull();
    const slips = screen.getByRole('region', { name: 'Summary' }).parentElement!;
    expect(slips.style.gap).toBe('2rem');
  });

  it('says No Data for this date when every location needs nothing', async () => {
    vi.mocked(rest).mockResolvedValue({
      date: '20261125',
      locations: [{ location: 'CHI_0003', driver: 'bo', data_ids: {}, slots: [slot('1', 'A', 'Greek Salad', 0)] }],
    } as never);
    const user = userEvent.setup();
    renderWithProviders(<PackingReport />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No Data for this date')).toBeInTheDocument();
  });

  it('has one h1 and slips headed at the next level (no skipped level)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ParsReport />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Summary' });
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeInTheDocument();
    expect(headingProblems(document.body)).toEqual([]);
  });
});

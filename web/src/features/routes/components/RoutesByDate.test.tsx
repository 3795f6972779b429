import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import { renderWithProviders } from '@/test/utils';
import { RoutesByDate } from './RoutesByDate';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));
const downloads = vi.hoisted(() => [] as { name: string; text: string }[]);
vi.mock('@/lib/csv', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/csv')>()),
  download: (name: string, text: string) => downloads.push({ name, text }),
}));

const stop = (route: string, stop: number, id: string, stopType = 'DELIVERY') => ({
  route,
  stop,
  market: 'MW',
  id,
  stockingDate: '2026-11-25',
  stopType,
  stockingIndex: 1,
  toteCountPerStop: 2,
  toteCountPerRoute: 4,
});

beforeEach(() => {
  downloads.length = 0;
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockResolvedValue({
    locationRoutes: { routes: [stop('chi-01', 1, 'CHI_0001'), stop('chi-01', 2, 'CHI_0002', 'REMOVAL')] },
  } as never);
});

describe('RoutesByDate (1-locations §2.7, issue 22)', () => {
  it("shows the spec's six columns, the route only as the group header, and exports the same columns", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RoutesByDate />);
    const table = await screen.findByRole('table', { name: /^Routes on / });
    expect(await within(table).findByRole('rowheader', { name: 'ROUTE: chi-01' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/, '').trim()),
    ).toEqual(['Date', 'Region', 'Stop', 'Location', 'Tote Count', 'Stop Type']);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0].text.split('\r\n')).toEqual([
      'Date,Region,Stop,Location,Tote Count,Stop Type',
      '11/25/2026,MW,1,CHI_0001,2,DELIVERY',
      '11/25/2026,MW,2,CHI_0002,2,REMOVAL',
    ]);
  });
});

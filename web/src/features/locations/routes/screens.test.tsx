import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headingProblems } from '@/components/heading-outline';
import { refusalReason } from '@/lib/access';
import { getMyAccess } from '@/lib/access/get-my-access';
import { graphql, rest } from '@/lib/api';
import { ALL_ACTIONS, renderWithProviders } from '@/test/utils';
import BulkNewLocations from './BulkNewLocations';
import BulkSchedule from './BulkSchedule';
import LocationDetail from './LocationDetail';
import LocationSchedule from './LocationSchedule';
import LocationsList from './LocationsList';
import { restTarget } from '@/test/rest';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
  rest: vi.fn(),
}));
vi.mock('@/lib/access/get-my-access', () => ({ getMyAccess: vi.fn() }));
const accessMock = vi.mocked(getMyAccess);

const pending = {
  uuid: 'a',
  actionTime: '2099-01-01T16:00:00.000Z',
  id: 'CHI_0001',
  change: { id: 'CHI_0001', table: 'locations', attribute: 'percentage', value: '20' },
  localActionTime: '2099-01-01 10:00',
  timeZoneLabel: 'CT',
  status: 'PENDING',
};

beforeEach(() => {
  localStorage.clear();
  accessMock.mockResolvedValue({ actions: ALL_ACTIONS, flags: [] });
  vi.mocked(rest).mockReset();
  vi.mocked(rest).mockImplementation(
    async (route, request) => (restTarget(route, request).path.endsWith('/schedule') ? [pending] : {}) as never,
  );
  vi.mocked(graphql).mockReset();
  vi.mocked(graphql).mockImplementation(async (doc: unknown) => {
    const q = String(doc);
    if (q.includes('getLocation('))
      return {
        getLocation: [{ id: 'CHI_0001', type: 'FRIDGE', prettyName: 'Willis Tower', timeZone: 'CHICAGO', version: 1 }],
      } as never;
    if (q.includes('locationHistory(')) return { locationHistory: { items: [], nextToken: null } } as never;
    if (q.includes('readScheduleChange')) return { readScheduleChange: [] } as never;
    if (q.includes('upcomingScheduleChanges(')) return { upcomingScheduleChanges: [] } as never;
    if (q.includes('locations(')) return { locations: { items: [], nextToken: null } } as never;
    if (q.includes('getPlanogramNames')) return { getPlanogramNames: [] } as never;
    if (q.includes('getFridgeSchemasTemplates')) return { getFridgeSchemasTemplates: [] } as never;
    if (q.includes('getPriceMapTemplates')) return { getPriceMapTemplates: [] } as never;
    throw new Error(`unexpected ${q}`);
  });
});

function renderAt(path: string, route: string, element: ReactElement) {
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { route },
  );
}

const refusal = (call: string) => refusalReason(call, false);

describe('the locations screens have one h1 and no skipped heading level (issue 22)', () => {
  it('the detail page: the id is the h1, its History an h2', async () => {
    renderAt('/locations/detail/*', '/locations/detail/CHI_0001', <LocationDetail />);
    expect(await screen.findByRole('heading', { level: 1, name: 'CHI_0001' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    expect(headingProblems()).toEqual([]);
  });

  it("a location's schedule, with its history and the upcoming changes", async () => {
    renderAt('/locations/schedule/*', '/locations/schedule/CHI_0001', <LocationSchedule />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule of CHI_0001' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Upcoming changes/ })).toBeInTheDocument();
    expect(headingProblems()).toEqual([]);
  });

  it('/locations/schedule without an id', async () => {
    renderAt('/locations/schedule', '/locations/schedule', <LocationSchedule />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scheduled changes' })).toBeInTheDocument();
    expect(headingProblems()).toEqual([]);
  });

  it('the bulk import, the bulk schedule and the list', async () => {
    for (const [route, element, title] of [
      ['/locations/bulk_new', <BulkNewLocations key="n" />, 'Import locations'],
      ['/locations/bulk_schedule', <BulkSchedule key="s" />, 'Bulk schedule'],
      ['/locations/all', <LocationsList key="l" />, 'Locations'],
    ] as const) {
      const { unmount } = renderAt(route, route, element);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(headingProblems(), route).toEqual([]);
      unmount();
    }
  });
});

describe('the locations screens know what the user may do (issue 22)', () => {
  it('disables Delete and Complete Now on a schedule for a user who may only read it', async () => {
    accessMock.mockResolvedValue({ actions: ['GetSpecificLocation', 'GetScheduledEvents'], flags: [] });
    renderAt('/locations/schedule/*', '/locations/schedule/CHI_0001', <LocationSchedule />);
    const table = await screen.findByRole('table', { name: 'Scheduled changes of CHI_0001' });
    // The Guard wraps the button once the access is known: look it up again.
    await vi.waitFor(() => expect(within(table).getByRole('button', { name: 'Delete' })).toBeDisabled());
    const del = within(table).getByRole('button', { name: 'Delete' });
    expect(del.parentElement).toHaveAttribute('title', refusal('deleteScheduleChange'));
    const now = within(table).getByRole('button', { name: 'Complete Now' });
    expect(now).toBeDisabled();
    expect(now.parentElement).toHaveAttribute('title', refusal('createScheduleChange'));
  });

  it('disables the commit of the bulk uploads for a user without their action', async () => {
    accessMock.mockResolvedValue({ actions: ['GetAllLocation'], flags: [] });
    for (const [route, element, label, call] of [
      ['/locations/bulk_new', <BulkNewLocations key="n" />, 'Create new locations', 'POST /locations/bulk/commit'],
      [
        '/locations/bulk_schedule',
        <BulkSchedule key="s" />,
        'Schedule changes',
        'POST /locations/schedule/bulk/commit',
      ],
    ] as const) {
      const { unmount } = renderAt(route, route, element);
      await vi.waitFor(() =>
        expect(screen.getByRole('button', { name: label }).parentElement).toHaveAttribute('title', refusal(call)),
      );
      unmount();
    }
  });
});

describe('the detail page at 390 px (issue 22)', () => {
  const css = readFileSync(resolve(__dirname, '../components/location-detail.css'), 'utf8').replace(/\s+/g, ' ');

  it('stacks each property below 600 px instead of scrolling sideways, and wraps long values', async () => {
    renderAt('/locations/detail/*', '/locations/detail/CHI_0001', <LocationDetail />);
    const table = await screen.findByRole('table', { name: 'Properties of CHI_0001' });
    expect(table).toHaveClass('location-detail__table');
    expect(table.closest('.location-detail')).not.toBeNull();
    // No fixed widths inline: the stylesheet sets them, and drops them on a phone.
    for (const cell of table.querySelectorAll('th, td')) expect((cell as HTMLElement).style.width).toBe('');
    const narrow = /@media \(max-width: 599\.98px\) \{(.*)\}\s*$/.exec(css)?.[1] ?? '';
    expect(narrow).toMatch(
      /\.location-detail__table tr, [^{]*\.location-detail__table td \{ display: block; width: auto; \}/,
    );
    expect(narrow).toMatch(/\.location-detail__table thead \{ position: absolute;/);
    expect(css).toMatch(/\.location-detail__table td, \.history-list \{ overflow-wrap: anywhere; \}/);
  });
});

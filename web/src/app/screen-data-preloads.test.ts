/**
 * The first data of the portfolio health and permissions screens, asked for while the page loads (issue 63):
 * each fills the query the screen then reads, so the screen makes no second request.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql, rest } from '@/lib/api';
import { preloadScreen } from '@/app/router';
import { newTestQueryClient } from '@/test/utils';
import { fleetHealthKey } from '@/features/health/api/fleet-health';
import { preloadFleetHealth } from '@/features/health/api/preload-fleet-health';
import { preloadFridgeHealth } from '@/features/health/api/preload-fridge-health';
import { fridgeHealthKey } from '@/features/health/api/get-fridge-health';
import { queueMessagesKey } from '@/features/health/api/read-queue-messages';
import { permissionsQueryKey } from '@/features/permissions/api/get-permissions';
import { preloadPermissions } from '@/features/permissions/api/preload-permissions';
import { permissionLocationsQuery } from '@/features/permissions/api/permission-locations';
import { opsLocationIds } from '@/features/pars/api/ops-location-ids';
import { softwareKeys } from '@/features/software/api/use-software-data';
import { preloadFridgeSoftware } from '@/features/software/api/use-software-data';
import { firstLocationsPageQuery } from '@/lib/locations/list-locations';
import { locationKey } from '@/lib/locations/get-location';
import { scheduleKey } from '@/features/locations/api/read-schedule-change';
import { historyKey } from '@/features/locations/api/location-history';
import { PLANOGRAM_NAMES_KEY } from '@/lib/locations/get-name-lists';
import { accessQueryKey } from '@/lib/access';
import { locationScheduleKey } from '@/features/locations/api/location-schedule';
import { preloadLocationDetail, preloadLocationSchedule } from '@/features/locations/api/preload-location-pages';
import { fridgeOrderCounts } from '@/features/pars/api/fridge-order-counts';
import {
  opsLocationsQuery,
  parsUploadLookups,
  preloadParsUpload,
  preloadParsView,
} from '@/features/pars/api/pars-lookups';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
  rest: vi.fn(),
}));

vi.mock('@/features/pars/api/ops-location-ids', () => ({ opsLocationIds: vi.fn() }));
// Which chart modules were loaded: a screen whose first content is a chart asks for its code with its data.
const charts = vi.hoisted(() => new Set<string>());
vi.mock('@/components/charts/StackedBarChart', () => {
  charts.add('stackedBar');
  return { default: () => null };
});
vi.mock('@/components/charts/LineChart', () => {
  charts.add('line');
  return { default: () => null };
});
vi.mock('@/features/pars/api/fridge-order-counts', () => ({ fridgeOrderCounts: vi.fn() }));

beforeEach(() => {
  localStorage.clear();
  vi.mocked(graphql).mockReset();
  vi.mocked(rest).mockReset();
});

describe('screen data preloads', () => {
  it("fills the permissions screen's query, and its listing of locations for a user who may list them", async () => {
    const answer = { users: [], groups: [], actions: ['GetPars'], changes: [] };
    vi.mocked(rest).mockResolvedValue(answer as never);
    vi.mocked(graphql).mockResolvedValue({
      myAccess: { actions: ['GetAllLocation'], flags: [] },
      locations: { items: [{ id: 'CHI_0001' }], nextToken: null },
    } as never);
    const client = newTestQueryClient();
    preloadPermissions(client);
    await vi.waitFor(() => expect(client.getQueryData(permissionsQueryKey)).toEqual(answer));
    expect(rest).toHaveBeenCalledWith('get_user_permissions', {});
    await vi.waitFor(() => expect(client.getQueryState(permissionLocationsQuery.queryKey)?.status).toBe('success'));

    // Without the list's action: the access is read, the locations are not.
    const other = newTestQueryClient();
    vi.mocked(graphql).mockReset();
    vi.mocked(graphql).mockResolvedValue({ myAccess: { actions: ['GetPermissions'], flags: [] } } as never);
    preloadPermissions(other);
    await vi.waitFor(() => expect(other.getQueryState(accessQueryKey)?.status).toBe('success'));
    expect(other.getQueryState(permissionLocationsQuery.queryKey)).toBeUndefined();
    expect(graphql).toHaveBeenCalledTimes(1);
  });

  it("fills a fridge health page's health, chart, commands and event tables, for the fridge its path names", async () => {
    type Vars = { location?: string; id?: string; eventTypes?: string[]; types?: string[]; hours?: number };
    vi.mocked(graphql).mockImplementation((async (_doc: unknown, vars: Vars) => {
      if (vars.id === 'LOC.001') return { readQueueMessages: { items: [], nextToken: null } };
      if (vars.eventTypes) return { getFridgeEvents: { items: [], nextToken: null } };
      if (vars.types) return { getFridgeSegmentEvents: { items: [], nextToken: null } };
      if (vars.location === 'LOC.001') return { fridgeTemperatures: [{ timestamp: 't', temperature: 38 }] };
      return { fridgeHealth: [] };
    }) as never);
    const client = newTestQueryClient();
    const user = { email: 'ops@fleet.test', sub: 'sub-1' };
    preloadFridgeHealth(client, user, { '*': 'x/LOC.001' });
    await vi.waitFor(() => expect(charts.has('line')).toBe(true));
    await vi.waitFor(() =>
      expect(client.getQueryData(['health', 'temperatures', 'LOC.001'])).toEqual([{ timestamp: 't', temperature: 38 }]),
    );
    const keys = [
      fridgeHealthKey('LOC.001'),
      queueMessagesKey('LOC.001'),
      ['health', 'events', 'LOC.001'],
      ['health', 'segment-events', 'LOC.001'],
    ];
    await vi.waitFor(() => expect(keys.map((k) => client.getQueryState(k)?.status)).toEqual(Array(4).fill('success')));
    preloadFridgeHealth(client, user, {});
    expect(graphql).toHaveBeenCalledTimes(5);
  });

  it("fills the portfolio health screen's query (no snapshot built yet: none to download)", async () => {
    vi.mocked(graphql).mockResolvedValue({ fleetHealthSnapshot: { url: null, asOf: null, fridges: 0 } } as never);
    const client = newTestQueryClient();
    preloadFleetHealth(client);
    await vi.waitFor(() => expect(charts.has('stackedBar')).toBe(true));
    await vi.waitFor(() => expect(client.getQueryData(fleetHealthKey)).toEqual({ asOf: null, fridges: [] }));
    expect(graphql).toHaveBeenCalledTimes(1);
  });

  it("fills the pars view's locations, and the pars upload's 16 steps from one read of the ops locations and one count of the orders", async () => {
    vi.mocked(opsLocationIds).mockResolvedValue([{ id: 'CHI_0001', type: 'FRIDGE' }]);
    vi.mocked(fridgeOrderCounts).mockImplementation(async (dates) =>
      dates.map((deliveryDate) => ({ deliveryDate, count: 2 })),
    );
    const client = newTestQueryClient();
    preloadParsView(client);
    preloadParsUpload(client);
    const lookups = parsUploadLookups(client);
    expect(lookups.reduce((sum, l) => sum + l.steps, 0)).toBe(16);
    await vi.waitFor(() =>
      expect(lookups.every((l) => client.getQueryState(l.query.queryKey)?.status === 'success')).toBe(true),
    );
    expect(client.getQueryData(opsLocationsQuery().queryKey)).toEqual([{ id: 'CHI_0001', type: 'FRIDGE' }]);
    expect(client.getQueryData(lookups[0].query.queryKey)).toBe(1);
    expect(client.getQueryData(lookups[1].query.queryKey)).toBe(30);
    expect(opsLocationIds).toHaveBeenCalledTimes(1);
    expect(fridgeOrderCounts).toHaveBeenCalledTimes(1);
    expect(new Set(vi.mocked(fridgeOrderCounts).mock.calls[0][0]).size).toBe(15);
  });

  it("fills the fridge software screen's three reads and the fleet's first page", async () => {
    vi.mocked(graphql).mockResolvedValue({
      fridgeSoftwareSnapshot: { url: null },
      getFridgeArtifacts: [{ artifactType: 'firmware', versions: [] }],
      getAvailableFridgeArtifacts: [],
      getFridgeSoftwarePilots: [],
      locations: { items: [{ id: 'CHI_0001' }], nextToken: null },
    } as never);
    const client = newTestQueryClient();
    preloadFridgeSoftware(client);
    const keys = [
      softwareKeys.artifacts,
      softwareKeys.available,
      softwareKeys.pilots,
      firstLocationsPageQuery.queryKey,
    ];
    await vi.waitFor(() => expect(keys.map((k) => client.getQueryState(k)?.status)).toEqual(Array(4).fill('success')));
    expect(client.getQueryData(softwareKeys.artifacts)).toEqual([{ artifactType: 'firmware', versions: [] }]);
  });

  it("fills a fridge's detail page (the location, its changes and history, and for an editor the name lists) and its schedule page, for the fridge its path names", async () => {
    vi.mocked(graphql).mockResolvedValue({
      getLocation: [],
      readScheduleChange: [],
      upcomingScheduleChanges: [],
      locationHistory: { items: [], nextToken: null },
      myAccess: { actions: ['UpdateLocation'], flags: [] },
      getPlanogramNames: ['Layout A'],
      getFridgeSchemasTemplates: [],
      getPriceMapTemplates: [],
    } as never);
    vi.mocked(rest).mockResolvedValue([] as never);
    const client = newTestQueryClient();
    const user = { email: 'ops@fleet.test', sub: 'sub-1' };
    preloadLocationDetail(client, user, { '*': 'x/CHI%200001' });
    preloadLocationSchedule(client, user, { '*': 'CHI_0002' });
    const keys = [
      locationKey('CHI 0001'),
      scheduleKey('CHI 0001'),
      historyKey('CHI 0001'),
      PLANOGRAM_NAMES_KEY,
      locationKey('CHI_0002'),
      locationScheduleKey('CHI_0002'),
    ];
    await vi.waitFor(() => expect(keys.map((k) => client.getQueryState(k)?.status)).toEqual(Array(6).fill('success')));
    expect(client.getQueryData(locationKey('CHI 0001'))).toBeNull();
    expect(client.getQueryData(PLANOGRAM_NAMES_KEY)).toEqual(['Layout A']);
    expect(rest).toHaveBeenCalledWith('location_schedule', { id: 'CHI_0002' });
    // The schedule page without a fridge: only the fleet's upcoming changes.
    vi.mocked(graphql).mockClear();
    preloadLocationDetail(client, user, {});
    preloadLocationSchedule(client, user, {});
    expect(vi.mocked(graphql).mock.calls.map(([, vars]) => vars)).toEqual([{ days: 14 }]);
  });

  it('does not ask for the name lists for a user who may not edit a location', async () => {
    vi.mocked(graphql).mockResolvedValue({
      getLocation: [],
      readScheduleChange: [],
      locationHistory: { items: [], nextToken: null },
      myAccess: { actions: ['GetSpecificLocation'], flags: [] },
    } as never);
    const client = newTestQueryClient();
    preloadLocationDetail(client, { email: 'ops@fleet.test', sub: 'sub-1' }, { '*': 'CHI_0003' });
    await vi.waitFor(() => expect(client.getQueryState(accessQueryKey)?.status).toBe('success'));
    await vi.waitFor(() => expect(client.getQueryState(historyKey('CHI_0003'))?.status).toBe('success'));
    expect(client.getQueryState(PLANOGRAM_NAMES_KEY)).toBeUndefined();
    expect(graphql).toHaveBeenCalledTimes(4);
  });

  it("runs a screen's own preload (its module's preloadData) when its route opens, e.g. the pars upload's 16 steps", async () => {
    vi.mocked(opsLocationIds).mockResolvedValue([]);
    vi.mocked(fridgeOrderCounts).mockResolvedValue([]);
    const client = newTestQueryClient();
    preloadScreen('/pars/upload', { client, user: { email: 'ops@fleet.test', sub: 'sub-1' } });
    await vi.waitFor(() => expect(fridgeOrderCounts).toHaveBeenCalledTimes(1));
    expect(opsLocationIds).toHaveBeenCalledTimes(1);
  });
});

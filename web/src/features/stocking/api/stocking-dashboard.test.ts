import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphql } from '@/lib/api';
import type { DashboardQuery } from '../lib/filters';
import type { StockingDashboard } from '../lib/dashboard-types';
import { ITEMS_FIRST } from '../lib/attention';
import {
  ATTENTION_FIRST,
  FIRST_PART_ROWS,
  ROWS_LEFT_OUT,
  dashboardQuery,
  getStockingDashboard,
} from './stocking-dashboard';
import { ROWS_PER_PART } from './stocking-dashboard-rows';

vi.mock('@/lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api')>()),
  graphql: vi.fn(),
}));

const QUERY: DashboardQuery = { dropOffDate: '2026-07-01', region: 'ALL', market: 'ALL', routes: [] };

function route(name: string, rows: string[] | null, digest: string | null, unchanged = false) {
  return {
    route: name,
    market: 'MW',
    total: 1,
    done: 0,
    lastActionAt: null,
    rowsDigest: digest,
    unchanged,
    stops: rows && rows.map((locationId) => ({ locationId, routeName: name })),
  };
}

function panel(keys: string[], digest: string, unchanged = false, whole = true) {
  return {
    open: keys.map((key) => ({ key })),
    resolved: [],
    counts: [{ kind: 'STOP_STUCK', open: keys.length, resolved: 0 }],
    digest,
    unchanged,
    whole,
  };
}

function answer(routes: ReturnType<typeof route>[]) {
  return {
    dropOffDate: '2026-07-01',
    windowStart: '2026-06-30T23:00:00Z',
    windowEnd: '2026-07-01T23:00:00Z',
    asOf: '2026-07-01T16:00:00Z',
    routeNames: routes.map((r) => r.route),
    routes,
    summary: { total: routes.length, counts: [] },
    attention: panel([], 'p0'),
    parts: { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' },
  } as unknown as StockingDashboard;
}

describe('getStockingDashboard', () => {
  beforeEach(() => vi.mocked(graphql).mockReset());

  it('sends the digests of the rows shown and keeps the very rows of each unchanged route', async () => {
    const shown = answer([route('R1', ['A'], 'd1'), route('R2', ['B'], 'd2'), route('R3', null, null)]);
    vi.mocked(graphql).mockResolvedValue({
      stockingDashboard: answer([
        route('R1', null, 'd1', true),
        route('R2', ['B', 'C'], 'd2b'),
        route('R3', ['D'], 'd3'),
      ]),
    } as never);

    const out = await getStockingDashboard(QUERY, undefined, shown);

    const vars = vi.mocked(graphql).mock.calls[0][1] as { shownRoutes: unknown };
    expect(vars.shownRoutes).toEqual([
      { route: 'R1', digest: 'd1' },
      { route: 'R2', digest: 'd2' },
    ]);
    expect(out.routes[0].stops).toBe(shown.routes[0].stops);
    expect(out.routes[1].stops?.map((s) => s.locationId)).toEqual(['B', 'C']);
    expect(out.routes[2].stops?.map((s) => s.locationId)).toEqual(['D']);
  });

  it('sends the digest of the panel shown and keeps its very lists when unchanged, with the new counts', async () => {
    const shown = { ...answer([route('R1', ['A'], 'd1')]), attention: panel(['STOP_STUCK|A'], 'p1') };
    const counts = [{ kind: 'STOP_STUCK', open: 1 }];
    vi.mocked(graphql).mockResolvedValue({
      stockingDashboard: {
        ...answer([route('R1', null, 'd1', true)]),
        attention: { ...panel([], 'p1', true), counts },
      },
    } as never);
    const out = await getStockingDashboard(QUERY, undefined, shown as unknown as StockingDashboard);
    const vars = vi.mocked(graphql).mock.calls[0][1] as { shownAttention: unknown };
    expect(vars.shownAttention).toBe('p1');
    expect(out.routes[0].stops).toBe(shown.routes[0].stops);
    expect(out.attention.open).toBe(shown.attention.open);
    expect(out.attention).toMatchObject({ unchanged: false, digest: 'p1', counts });
  });

  it('takes a changed panel whole from the latest answer', async () => {
    const shown = { ...answer([route('R1', ['A'], 'd1')]), attention: panel(['STOP_STUCK|A'], 'p1') };
    const latest = panel(['STOP_STUCK|A', 'UNREACHABLE|x'], 'p2');
    vi.mocked(graphql).mockResolvedValue({
      stockingDashboard: { ...answer([route('R1', null, 'd1', true)]), attention: latest },
    } as never);
    const out = await getStockingDashboard(QUERY, undefined, shown as unknown as StockingDashboard);
    expect(out.attention).toEqual(latest);
  });

  it('keeps under Resolved today a fridge item of the panel shown that the changed panel no longer lists', async () => {
    const fridge = { key: 'FRIDGE_NEEDS_DRIVER|A|0|FAULT', kind: 'FRIDGE_NEEDS_DRIVER', route: 'R1', stop: 1 };
    const shown = { ...answer([route('R1', ['A'], 'd1')]), attention: { ...panel([], 'p1'), open: [fridge] } };
    vi.mocked(graphql).mockResolvedValue({
      stockingDashboard: { ...answer([route('R1', null, 'd1', true)]), attention: panel([], 'p2') },
    } as never);
    const out = await getStockingDashboard(QUERY, undefined, shown as unknown as StockingDashboard);
    expect(out.attention.open).toEqual([]);
    // Its stop's row says nothing of a stocking, so it cleared by the answer's time (16:00Z, 11:00 Central).
    expect(out.attention.resolved).toEqual([
      { ...fridge, endedAt: '2026-07-01T16:00:00Z', endedHow: 'cleared by 11:00' },
    ]);
  });

  it('sends no digests without rows on screen', async () => {
    vi.mocked(graphql).mockResolvedValue({ stockingDashboard: answer([route('R1', ['A'], 'd1')]) } as never);
    await getStockingDashboard(QUERY, 20);
    const vars = vi.mocked(graphql).mock.calls[0][1] as { shownRoutes: unknown; routesWithRows: unknown };
    expect(vars).toMatchObject({ shownRoutes: null, routesWithRows: 20, shownAttention: null });
  });

  it('leaves a route to load when the server says unchanged for rows it was not shown', async () => {
    vi.mocked(graphql).mockResolvedValue({ stockingDashboard: answer([route('R9', null, 'd9', true)]) } as never);
    const out = await getStockingDashboard(QUERY, undefined, answer([]));
    expect(out.routes[0].stops).toBeNull();
  });
});

describe('dashboardQuery: a long day in parts (issue 63)', () => {
  beforeEach(() => vi.mocked(graphql).mockReset());

  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const asked = (call: number) => {
    const [doc, vars] = vi.mocked(graphql).mock.calls[call];
    return { rowsOnly: String(doc).includes('query StockingDashboardRows'), vars: vars as Record<string, unknown> };
  };
  const panelOnly = (call: number) =>
    String(vi.mocked(graphql).mock.calls[call][0]).includes('query StockingDashboardAttention');
  const rows = (board: StockingDashboard | undefined) =>
    board?.routes.map((r) => r.stops?.map((s) => s.locationId) ?? null);

  it('shows the first part at once, then asks for the routes left out by name, their rows only', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(graphql)
      .mockResolvedValueOnce({
        stockingDashboard: answer([route('R1', ['A'], 'd1'), route('R2', null, null), route('R3', null, null)]),
      } as never)
      .mockImplementationOnce((async () => {
        await held;
        return { stockingDashboard: { routes: [route('R2', ['B'], 'd2'), route('R3', null, null)] } };
      }) as never)
      .mockResolvedValueOnce({ stockingDashboard: { routes: [route('R3', ['C', 'D'], 'd3')] } } as never);
    const qc = client();
    const options = dashboardQuery(qc, QUERY);

    const done = qc.fetchQuery(options);
    await vi.waitFor(() => expect(vi.mocked(graphql)).toHaveBeenCalledTimes(2));
    // The first part is on screen while the rest loads: the cards, with R1's rows.
    expect(rows(qc.getQueryData(options.queryKey))).toEqual([['A'], null, null]);
    release();
    const whole = await done;

    expect(rows(whole)).toEqual([['A'], ['B'], ['C', 'D']]);
    expect(whole.routes.map((r) => r.rowsDigest)).toEqual(['d1', 'd2', 'd3']);
    // A search's first answer carries about a screenful of rows, not the server's 4,000.
    expect(asked(0)).toMatchObject({
      rowsOnly: false,
      vars: { rowsUpTo: FIRST_PART_ROWS, shownRoutes: null, attentionPerKind: ATTENTION_FIRST },
    });
    expect(asked(1)).toEqual({
      rowsOnly: true,
      vars: { filter: { ...QUERY, routes: ['R2', 'R3'] }, rowsUpTo: ROWS_PER_PART },
    });
    expect(asked(2).vars).toMatchObject({ filter: { routes: ['R3'] } });
    expect(vi.mocked(graphql)).toHaveBeenCalledTimes(3);
  });

  it('asks for the routes left out 100 at a time, one request after another, each on screen as it comes', async () => {
    const names = Array.from({ length: 230 }, (_, i) => `R${String(i).padStart(3, '0')}`);
    const releases: (() => void)[] = [];
    vi.mocked(graphql).mockImplementation((async (doc: unknown, vars: { filter: { routes: string[] } }) => {
      if (!String(doc).includes('query StockingDashboardRows'))
        return { stockingDashboard: answer(names.map((n, i) => route(n, i === 0 ? ['L0'] : null, null))) };
      await new Promise<void>((resolve) => releases.push(resolve));
      return { stockingDashboard: { routes: vars.filter.routes.map((n) => route(n, [`L${n}`], `d${n}`)) } };
    }) as never);
    const qc = client();
    const options = dashboardQuery(qc, QUERY);
    const done = qc.fetchQuery(options);
    const filled = () => qc.getQueryData<StockingDashboard>(options.queryKey)!.routes.filter((r) => r.stops).length;

    // 229 routes left out: the first 100, and the next only once they came.
    await vi.waitFor(() => expect(vi.mocked(graphql)).toHaveBeenCalledTimes(2));
    expect((asked(1).vars.filter as { routes: string[] }).routes).toEqual(names.slice(1, 101));
    releases.shift()!();
    await vi.waitFor(() => expect(vi.mocked(graphql)).toHaveBeenCalledTimes(3));
    expect(filled()).toBe(101);
    expect((asked(2).vars.filter as { routes: string[] }).routes).toEqual(names.slice(101, 201));
    releases.shift()!();
    await vi.waitFor(() => expect(vi.mocked(graphql)).toHaveBeenCalledTimes(4));
    expect((asked(3).vars.filter as { routes: string[] }).routes).toEqual(names.slice(201));
    releases.shift()!();
    const whole = await done;
    expect(whole.routes.every((r) => r.stops !== null)).toBe(true);
    expect(vi.mocked(graphql)).toHaveBeenCalledTimes(4);
  });

  it('asks for the whole Needs-attention panel after the rows when the first answer carried each kind’s first items', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = {
      ...answer([route('R1', ['A'], 'd1'), route('R2', null, null)]),
      attention: panel(['k1'], '', false, false),
    };
    vi.mocked(graphql)
      .mockResolvedValueOnce({ stockingDashboard: first } as never)
      .mockResolvedValueOnce({ stockingDashboard: { routes: [route('R2', ['B'], 'd2')] } } as never)
      .mockImplementationOnce((async () => {
        await held;
        return { stockingDashboard: { attention: panel(['k1', 'k2', 'k3'], 'p3') } };
      }) as never);
    const qc = client();
    const options = dashboardQuery(qc, { ...QUERY, routes: ['R1', 'R2'] });
    const done = qc.fetchQuery(options);
    await vi.waitFor(() => expect(vi.mocked(graphql)).toHaveBeenCalledTimes(3));
    // The routes' rows first; then the panel, over the same filters. The first items are on screen meanwhile.
    expect(asked(1).rowsOnly).toBe(true);
    expect(panelOnly(2)).toBe(true);
    expect(asked(2).vars).toEqual({ filter: { ...QUERY, routes: ['R1', 'R2'] } });
    const shown = qc.getQueryData<StockingDashboard>(options.queryKey)!;
    expect(rows(shown)).toEqual([['A'], ['B']]);
    expect(shown.attention.open.map((i) => i.key)).toEqual(['k1']);
    expect(shown.attention.whole).toBe(false);
    release();
    const whole = await done;
    expect(whole.attention).toMatchObject({ whole: true, digest: 'p3' });
    expect(whole.attention.open.map((i) => i.key)).toEqual(['k1', 'k2', 'k3']);
    expect(rows(whole)).toEqual([['A'], ['B']]);
    expect(vi.mocked(graphql)).toHaveBeenCalledTimes(3);
  });

  it('asks for the whole panel of a day whose rows came whole in the first answer', async () => {
    vi.mocked(graphql)
      .mockResolvedValueOnce({
        stockingDashboard: { ...answer([route('R1', ['A'], 'd1')]), attention: panel(['k1'], '', false, false) },
      } as never)
      .mockResolvedValueOnce({ stockingDashboard: { attention: panel(['k1', 'k2'], 'p2') } } as never);
    const qc = client();
    const whole = await qc.fetchQuery(dashboardQuery(qc, QUERY));
    expect(panelOnly(1)).toBe(true);
    expect(whole.attention.open.map((i) => i.key)).toEqual(['k1', 'k2']);
    expect(vi.mocked(graphql)).toHaveBeenCalledTimes(2);
  });

  it('asks a refresh for every panel item, and names a panel shown only when it is whole', async () => {
    const qc = client();
    const options = dashboardQuery(qc, QUERY);
    // A refresh while the panel's rest was still coming: the first items name no panel.
    qc.setQueryData(options.queryKey, {
      ...answer([route('R1', ['A'], 'd1')]),
      attention: panel(['k1'], '', false, false),
    } as unknown as StockingDashboard);
    vi.mocked(graphql).mockResolvedValue({ stockingDashboard: answer([route('R1', null, 'd1', true)]) } as never);
    await qc.fetchQuery({ ...options, staleTime: 0 });
    expect(asked(0).vars).toMatchObject({ attentionPerKind: null, shownAttention: null, rowsUpTo: null });
    // Shown whole, it is named.
    await qc.fetchQuery({ ...options, staleTime: 0 });
    expect(asked(1).vars).toMatchObject({ attentionPerKind: null, shownAttention: 'p0' });
    expect(vi.mocked(graphql)).toHaveBeenCalledTimes(2);
  });

  it('asks for as many items of each kind as a panel list shows before its Show all', () => {
    expect(ATTENTION_FIRST).toBe(ITEMS_FIRST);
  });

  it('asks once for a day whose answer is whole', async () => {
    vi.mocked(graphql).mockResolvedValueOnce({ stockingDashboard: answer([route('R1', ['A'], 'd1')]) } as never);
    const qc = client();
    expect(rows(await qc.fetchQuery(dashboardQuery(qc, QUERY)))).toEqual([['A']]);
    expect(vi.mocked(graphql)).toHaveBeenCalledTimes(1);
  });

  it('fails with its own words when a part brings none of the rows asked for, keeping the first part', async () => {
    vi.mocked(graphql)
      .mockResolvedValueOnce({
        stockingDashboard: answer([route('R1', ['A'], 'd1'), route('R2', null, null)]),
      } as never)
      .mockResolvedValueOnce({ stockingDashboard: { routes: [] } } as never);
    const qc = client();
    const options = dashboardQuery(qc, QUERY);
    await expect(qc.fetchQuery({ ...options, retry: false })).rejects.toThrow(ROWS_LEFT_OUT);
    expect(rows(qc.getQueryData(options.queryKey))).toEqual([['A'], null]);
  });

  it('keeps the answer shown through a refresh until its every part has come', async () => {
    const qc = client();
    const options = dashboardQuery(qc, QUERY);
    const shown = answer([route('R1', ['A'], 'd1'), route('R2', ['B'], 'd2')]);
    qc.setQueryData(options.queryKey, shown);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.mocked(graphql)
      .mockResolvedValueOnce({
        stockingDashboard: answer([route('R1', ['A2'], 'd1b'), route('R2', null, null)]),
      } as never)
      .mockImplementationOnce((async () => {
        await held;
        return { stockingDashboard: { routes: [route('R2', ['B2'], 'd2b')] } };
      }) as never);

    const refreshed = qc.fetchQuery({ ...options, staleTime: 0 });
    await vi.waitFor(() => expect(vi.mocked(graphql)).toHaveBeenCalledTimes(2));
    expect(qc.getQueryData(options.queryKey)).toBe(shown);
    // A refresh names the rows shown and gets only the routes that changed, as many as the server answers.
    expect(asked(0).vars).toMatchObject({
      rowsUpTo: null,
      shownRoutes: [
        { route: 'R1', digest: 'd1' },
        { route: 'R2', digest: 'd2' },
      ],
    });
    release();
    expect(rows(await refreshed)).toEqual([['A2'], ['B2']]);
    expect(rows(qc.getQueryData(options.queryKey))).toEqual([['A2'], ['B2']]);
  });
});

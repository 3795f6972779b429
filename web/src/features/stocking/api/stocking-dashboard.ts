import {
  experimental_streamedQuery as streamedQuery,
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { graphql } from '@/lib/api';
import { gql } from '@/generated/gql';
import { keepEndedFridgeItems } from '../lib/attention-ended';
import type { StockingDashboard } from '../lib/dashboard-types';
import { serverFilter, type DashboardQuery } from '../lib/filters';
import { getDashboardAttention, withAttention } from './stocking-dashboard-attention';
import { getDashboardRows, routesLeftOut, withRows } from './stocking-dashboard-rows';

// A stop's row as the dashboard shows it: the first answer and a long day's later parts select the same fields.
gql(`fragment DashboardStopFields on DashboardStop {
  stop stockingIndex stopType routeName locationId locationName type scannedAt stockedAt stockedActionId accountTier
  onlineDate safetyHold vendingState vendingStateLabel status statusLabel driver driverEmail assignedDriver
  assignedDriverEmail notAssignee lastActionAt
}`);

// The Needs-attention panel as the first answer and a long day's panel part select it.
gql(`fragment AttentionPanelFields on AttentionPanel {
  open { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }
  resolved { key kind kindLabel route stop stockingIndex locationId since sinceCentral facts endedAt endedHow taken }
  counts { kind label open resolved }
  digest unchanged whole
}`);

const STOCKING_DASHBOARD = gql(`query StockingDashboard(
  $filter: StockingDashboardFilter!
  $routesWithRows: Int
  $rowsUpTo: Int
  $shownRoutes: [ShownDashboardRoute!]
  $shownAttention: String
  $attentionPerKind: Int
) {
  stockingDashboard(
    filter: $filter
    routesWithRows: $routesWithRows
    rowsUpTo: $rowsUpTo
    shownRoutes: $shownRoutes
    shownAttention: $shownAttention
    attentionPerKind: $attentionPerKind
  ) {
    dropOffDate windowStart windowEnd asOf routeNames
    routes {
      route market total done lastActionAt rowsDigest unchanged
      stops { ...DashboardStopFields }
    }
    summary { total counts { status label count } }
    attention { ...AttentionPanelFields }
    parts { slips actions health locations }
  }
}`);

/**
 * The dashboard of a drop-off date in one call: route stops, the day's driver actions, health and locations.
 * With `routesWithRows`, only the first that many routes carry their rows (the others' `stops` are null).
 * With `shown` (the answer on screen for the same filters), the server leaves out the rows of each route whose
 * rows did not change (`unchanged`), and they are taken from `shown`: a refresh of a long day (2,500 stops,
 * ~1.1 MB of rows) carries only the routes that changed. The Needs-attention panel's lists likewise: when the
 * panel shown (its `digest`) is still the day's, the answer says `unchanged` and its lists are taken from `shown`;
 * its counts are always the answer's.
 */
export async function getStockingDashboard(
  query: DashboardQuery,
  routesWithRows?: number,
  shown?: StockingDashboard,
  first?: FirstPart,
) {
  const filter = serverFilter(query);
  const rowsShown = new Map(
    (shown?.routes ?? []).filter((r) => r.stops && r.rowsDigest).map((r) => [r.route, r] as const),
  );
  const shownRoutes = rowsShown.size
    ? [...rowsShown.values()].map((r) => ({ route: r.route, digest: r.rowsDigest! }))
    : null;
  const panelShown = shown?.attention;
  // A panel of each kind's first items only names none: its digest is empty.
  const shownAttention = panelShown && !panelShown.unchanged && panelShown.whole ? panelShown.digest : null;
  const answer = (
    await graphql(STOCKING_DASHBOARD, {
      filter,
      routesWithRows: routesWithRows ?? null,
      // Without one, the server's own bound (4,000 rows): a longer day comes in parts (`dashboardParts`).
      rowsUpTo: first?.rowsUpTo ?? null,
      shownRoutes,
      shownAttention,
      attentionPerKind: first?.attentionPerKind ?? null,
    })
  ).stockingDashboard;
  // An unchanged route keeps the very rows shown (same objects: its card does not render again).
  const routes = answer.routes.map((r) => (r.unchanged ? { ...r, stops: rowsShown.get(r.route)?.stops ?? null } : r));
  // An unchanged panel keeps the very lists shown; what is kept is a whole panel again (`unchanged` false).
  // A changed one keeps the fridge items that ended since the panel shown (the server keeps no trace of them).
  const attention =
    answer.attention.unchanged && panelShown
      ? { ...answer.attention, open: panelShown.open, resolved: panelShown.resolved, unchanged: false }
      : keepEndedFridgeItems(panelShown, { ...answer, routes });
  return { ...answer, routes, attention };
}

/** Whether an answer left some route's rows out. */
export const isPartial = (dashboard: StockingDashboard) => dashboard.routes.some((r) => r.stops === null);

export const stockingDashboardKey = (query: DashboardQuery) => ['stocking', 'dashboard', query] as const;

const NO_QUERY: DashboardQuery = { dropOffDate: '', region: 'ALL', market: 'ALL', routes: [] };
// The page refreshes on its own clock (REFRESH_MS, at most MAX_REFRESHES), not on focus.
const OWN_CLOCK = { refetchOnWindowFocus: false, staleTime: Infinity, retry: 1 } as const;

/** Said when a long day's later part brings none of the rows asked for: its routes went between two reads. */
export const ROWS_LEFT_OUT = 'The day changed while its stops were loading. Refresh to try again.';

/**
 * The rows a search's first answer carries: about a screenful of expanded cards, and a whole day of up to 250 stops
 * (2,500 fridges) in one answer. The first cards of a longer day wait for these rows only, not for every route's
 * (docs/decisions/stocking-dashboard.md, "A long day in parts").
 */
export const FIRST_PART_ROWS = 250;

/**
 * The Needs-attention items of each kind a search's first answer carries in each list: as many as a list shows
 * before its 'Show all' (`ITEMS_FIRST`, the same number; a test holds them together: this module is preloaded
 * and imports no component code), so the panel as first shown, of all kinds or of one, is the whole
 * panel's. A busy day's whole lists come last, after the rows (`getDashboardAttention`): 1,472 items, 0.55 MB at
 * 25,000 fridges.
 */
export const ATTENTION_FIRST = 10;

/** What a search's first answer carries at most (a refresh asks for neither bound). */
export interface FirstPart {
  rowsUpTo: number;
  attentionPerKind: number;
}

/**
 * Resolves once the browser has painted what was just set (the next frame, then its paint), or after 100 ms: a
 * hidden tab runs no frames, and its later parts must still come.
 */
const afterPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

/**
 * A search's answer in parts (issue 63). The first answer has every card, the Summary, the Needs-attention panel's
 * counts with each kind's first items (`ATTENTION_FIRST`), and the rows of the first routes (`FIRST_PART_ROWS`; a
 * refresh, which names the rows it shows and gets only the routes that changed, asks for neither bound). Once the
 * first part is painted come the other routes' rows, asked for by name, at most 100 routes and 4,000 rows a
 * request, one after another, then the whole panel if items were left out. So no answer nears Lambda's 6 MB limit
 * however long the day (one whole answer at 100,000 fridges is ~8 MB), and the first cards of a long day show
 * before its every row.
 */
async function* dashboardParts(query: DashboardQuery, shown: StockingDashboard | undefined) {
  const first = shown ? undefined : { rowsUpTo: FIRST_PART_ROWS, attentionPerKind: ATTENTION_FIRST };
  let board = await getStockingDashboard(query, undefined, shown, first);
  yield board;
  // The next part's answer would be parsed on the cores that are painting this one.
  if (isPartial(board) || !board.attention.whole) await afterPaint();
  while (isPartial(board)) {
    // One group after another, not all at once: at once, each request would go to a Lambda container of its own,
    // and each container that has not read the day yet reads it whole (~17 MB at 100,000 fridges); one after
    // another, Lambda hands each to an idle container, most often the one that has just read the day.
    const asked = routesLeftOut(board);
    const part = await getDashboardRows(query, asked);
    if (!part.some((r) => asked.includes(r.route))) throw new Error(ROWS_LEFT_OUT);
    board = withRows(board, part);
    yield board;
  }
  // The whole panel last: only its 'Show all' and its Export CSV wait for it, not the cards' rows.
  if (!board.attention.whole) yield withAttention(board, await getDashboardAttention(query));
}

/** Where the stream starts; never shown, since its first part replaces it whole (and a cancelled read is dropped). */
const beforeFirstPart = (query: DashboardQuery): StockingDashboard => ({
  dropOffDate: query.dropOffDate,
  windowStart: '',
  windowEnd: '',
  asOf: '',
  routeNames: [],
  routes: [],
  summary: { total: 0, counts: [] },
  attention: { open: [], resolved: [], counts: [], digest: '', unchanged: false, whole: true },
  parts: { slips: 'OK', actions: 'OK', health: 'OK', locations: 'OK' },
});

/**
 * A search's answer, as the screen asks for it and as a returning user's page load asks for it ahead of the screen
 * (preload-dashboard.ts): one key, so the screen finds it. A Search asks once for every route's rows (issue 61): a day
 * of up to 4,000 stops is one answer, a longer one comes in parts (`dashboardParts`), each on screen as it comes. A
 * refresh names the rows it shows (those in the cache), gets only the routes that changed, and replaces the answer
 * shown once its every part has come.
 */
export const dashboardQuery = (client: QueryClient, query: DashboardQuery) =>
  queryOptions({
    queryKey: stockingDashboardKey(query),
    queryFn: streamedQuery({
      streamFn: ({ queryKey }) => dashboardParts(query, client.getQueryData<StockingDashboard>(queryKey)),
      reducer: (_before: StockingDashboard, part: StockingDashboard) => part,
      initialValue: beforeFirstPart(query),
      refetchMode: 'replace',
    }),
    ...OWN_CLOCK,
  });

/**
 * The dashboard of the searched filters (none yet: nothing is read): one read per search, and a refresh keeps the
 * last answer on screen, so the cards, their scroll and their expanded state stay put.
 */
export function useStockingDashboard(query: DashboardQuery | null) {
  const client = useQueryClient();
  const answer = useQuery({
    ...dashboardQuery(client, query ?? NO_QUERY),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
  const data = answer.data;
  return {
    data,
    /** Some route's rows are not in the answer (some cards show only their progress). */
    partial: data !== undefined && isPartial(data),
    /** `data` is the last search's answer, shown while this search's loads. */
    placeholder: data !== undefined && answer.isPlaceholderData,
    error: answer.error,
    isFetching: answer.isFetching,
    dataUpdatedAt: answer.dataUpdatedAt,
    refetch: () => answer.refetch(),
  };
}

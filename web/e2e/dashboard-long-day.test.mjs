// Browser test of a long stocking day on the Stocking Real-Time Dashboard
// (2-fleet §2.4): 24 routes, one Search, one read (issue 61: the first Search
// read the whole day twice). Sets up its own 24 fridges, one a route, on a far
// date of its own (and a past one, whose 24 routes never started: a long
// Needs-attention list), and counts the browser's stockingDashboard requests.
import assert from 'node:assert/strict';
import {
  adminPage,
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  ownDateOf,
  readStack,
  scheduleStopsAs,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const ROUTES = 24; // more than the 20 routes whose rows once came first, in a read of their own
const fridges = Array.from({ length: ROUTES }, (_, i) => `LONGDAY_${stamp}_${i}`);
const routeOf = (i) => `e2e-long-${stamp % 1000000}-${String(i).padStart(2, '0')}`;
// A date of this file's own, so no other test's routes share it.
const date = ownDateOf('long-day', stamp);

let stack;
let browser;
let page;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await adminPage(browser, stack);
  for (const id of fridges) await createLocationAs(page, id);
  const stops = fridges.map((id, i) => ({ date, market: 'MW', id, route: routeOf(i), stop: 1 }));
  await scheduleStopsAs(page, `long-${stamp}`, stops);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

// The page's Export CSV (each card's table has its own, after it).
const exportAll = () => page.getByRole('button', { name: 'Export CSV', exact: true }).first();
const card = (i) => page.getByRole('region', { name: `Route ${routeOf(i)}`, exact: true });
const firstRow = () => card(0).getByRole('row', { name: `Stop 1 ${fridges[0]}` });

/** Searches this file's date from the filter form, once its routes are listed. */
async function searchTheDate() {
  await page.getByLabel('Drop Off Date').fill(date);
  await expect(
    page.getByRole('form', { name: 'Dashboard filters' }).getByText(routeOf(0), { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();
}

test('a long day: one Search is one read, with every route and its stops', async () => {
  const asked = [];
  const isGraphql = (url) => url.pathname.endsWith('/graphql');
  await page.route(isGraphql, async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('stockingDashboard')) asked.push(JSON.parse(body).variables.routesWithRows ?? 'whole');
    return route.fallback();
  });

  await page.goto(new URL('/reports/checkpoints', stack.webUrl).toString());
  await searchTheDate();
  await expect(firstRow()).toBeVisible();
  await expect(page.getByRole('region', { name: /^Route e2e-long-/ })).toHaveCount(ROUTES);
  // A far card renders its table as it comes near the viewport; its stops came with the same answer.
  await card(ROUTES - 1).scrollIntoViewIfNeeded();
  await expect(card(ROUTES - 1).getByRole('row', { name: `Stop 1 ${fridges[ROUTES - 1]}` })).toBeVisible();
  // Export CSV waits for every route's rows: a second read of the day, had there been one, is done by now.
  await expect(exportAll()).toBeEnabled();
  assert.deepEqual(asked, ['whole'], 'one read for one Search');
  await page.unroute(isGraphql);
});

test("a day longer than one answer comes in parts: every card at once, the other routes' rows asked for by name", async () => {
  // The server answers at most 4,000 rows at once (a day of ~40,000 fridges); this file's day has 24. Asked for at
  // most 10 an answer, it is as a long day is: the first 10 routes' rows, then the others by name, 10 at a time.
  const asked = [];
  const isGraphql = (url) => url.pathname.endsWith('/graphql');
  await page.route(isGraphql, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    if (!String(body.query).includes('stockingDashboard')) return route.fallback();
    body.variables = { ...body.variables, rowsUpTo: 10 };
    asked.push({ rowsOnly: body.query.includes('query StockingDashboardRows'), routes: body.variables.filter.routes });
    return route.fallback({ postData: JSON.stringify(body) });
  });

  await page.goto(new URL('/reports/checkpoints', stack.webUrl).toString());
  const update = page.getByRole('button', { name: 'Update Route Filters' });
  await expect(page.getByLabel('Drop Off Date').or(update).first()).toBeVisible();
  if (await update.isVisible()) await update.click();
  await searchTheDate();
  await expect(firstRow()).toBeVisible();
  await expect(page.getByRole('region', { name: /^Route e2e-long-/ })).toHaveCount(ROUTES);
  await expect(exportAll()).toBeEnabled();
  await card(ROUTES - 1).scrollIntoViewIfNeeded();
  await expect(card(ROUTES - 1).getByRole('row', { name: `Stop 1 ${fridges[ROUTES - 1]}` })).toBeVisible();
  await card(15).scrollIntoViewIfNeeded();
  await expect(card(15).getByRole('row', { name: `Stop 1 ${fridges[15]}` })).toBeVisible();

  const routes = (from, to) => Array.from({ length: to - from }, (_, i) => routeOf(from + i));
  assert.deepEqual(asked.slice(0, 3), [
    { rowsOnly: false, routes: null },
    { rowsOnly: true, routes: routes(10, ROUTES) },
    { rowsOnly: true, routes: routes(20, ROUTES) },
  ]);
  await page.unroute(isGraphql);
});

test("a past day's long Needs-attention list comes after the first items of each kind, and Show all waits for it", async () => {
  // A past date of this run alone (2001 onwards): seen as it stood at its close, each of its routes, with no
  // action, is a Route not started item, more than a list shows before its Show all.
  const past = new Date(Date.UTC(2001, 0, 1) + (Math.floor(stamp / 1000) % 3000) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  await scheduleStopsAs(
    page,
    `long-past-${stamp}`,
    fridges.map((id, i) => ({ date: past, market: 'MW', id, route: routeOf(i), stop: 1 })),
  );
  const asked = [];
  let releasePanel;
  const panelHeld = new Promise((resolve) => (releasePanel = resolve));
  const isGraphql = (url) => url.pathname.endsWith('/graphql');
  await page.route(isGraphql, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}');
    if (!String(body.query).includes('stockingDashboard')) return route.fallback();
    const panelOnly = body.query.includes('query StockingDashboardAttention');
    // This date's reads only: the page opens on the search remembered from the test before.
    if (body.variables.filter.dropOffDate === past)
      asked.push({ panelOnly, perKind: body.variables.attentionPerKind ?? null });
    if (panelOnly) await panelHeld;
    return route.fallback();
  });

  await page.goto(new URL('/reports/checkpoints', stack.webUrl).toString());
  const update = page.getByRole('button', { name: 'Update Route Filters' });
  await expect(page.getByLabel('Drop Off Date').or(update).first()).toBeVisible();
  if (await update.isVisible()) await update.click();
  await page.getByLabel('Drop Off Date').fill(past);
  await expect(
    page.getByRole('form', { name: 'Dashboard filters' }).getByText(routeOf(0), { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Search' }).click();

  // The first answer: the counts whole, each kind's first 10 items, and the rest on its way.
  const panel = page.getByRole('region', { name: /^Needs attention/ });
  await expect(panel.getByRole('heading', { name: `Needs attention · ${ROUTES} open` })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Open items' }).getByRole('listitem')).toHaveCount(10);
  await expect(panel.getByRole('button', { name: `Loading all ${ROUTES} open items…` })).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Export CSV of the attention items' })).toBeDisabled();
  await expect(firstRow()).toBeVisible();

  releasePanel();
  const all = panel.getByRole('button', { name: `Show all ${ROUTES} open items` });
  await all.click();
  await expect(panel.getByRole('list', { name: 'Open items' }).getByRole('listitem')).toHaveCount(ROUTES);
  await expect(panel.getByRole('button', { name: 'Export CSV of the attention items' })).toBeEnabled();
  // The items that came with the rest are no change of the day: none is marked.
  await expect(panel.locator('li[data-changed]')).toHaveCount(0);
  assert.deepEqual(asked, [
    { panelOnly: false, perKind: 10 },
    { panelOnly: true, perKind: null },
  ]);
  await page.unroute(isGraphql);
});

test("a returning operator's dashboard asks for its remembered search while the page loads (issue 42)", async () => {
  // This file's browser context remembers its own search (the test above's, when it ran): search this date.
  await page.goto(new URL('/reports/checkpoints', stack.webUrl).toString());
  const dateField = page.getByLabel('Drop Off Date');
  const update = page.getByRole('button', { name: 'Update Route Filters' });
  await expect(dateField.or(update).first()).toBeVisible();
  if (await update.isVisible()) await update.click();
  await searchTheDate();
  await expect(firstRow()).toBeVisible();

  // On reload, hold the user's access: the screen cannot render before it comes, yet its data is already asked for.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  const asked = [];
  const isGraphql = (url) => url.pathname.endsWith('/graphql');
  await page.route(isGraphql, async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('myAccess')) {
      asked.push('access');
      await held;
    } else if (body.includes('stockingDashboard')) {
      asked.push(JSON.parse(body).variables.routesWithRows ?? 'whole');
    }
    return route.fallback();
  });
  await page.reload();
  await eventually(() => asked.includes('whole'), 'the day is asked for while the access is held');
  assert.ok(asked.includes('access'));
  release();
  await expect(firstRow()).toBeVisible();
  await expect(exportAll()).toBeEnabled();
  assert.deepEqual(
    asked.filter((a) => a !== 'access'),
    ['whole'],
    'the day asked for once',
  );
  await page.unroute(isGraphql);

  // The signed-in app's modules came with the page (public/returning.js), for a returning user only.
  const preloads = (p) => p.evaluate(() => document.querySelectorAll('head > link[data-returning]').length);
  assert.ok((await preloads(page)) > 0, "a returning user's page preloads the signed-in app");
  const visitor = await browser.newPage();
  await visitor.goto(new URL('/home', stack.webUrl).toString());
  await expect(visitor.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  assert.equal(await preloads(visitor), 0, 'the sign-in page loads no more than it did');
  await visitor.close();
});

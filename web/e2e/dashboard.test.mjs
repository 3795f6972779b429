// Browser test of the Stocking Real-Time Dashboard (2-fleet §2.4, §4.4). Sets
// up its own fridges and a route of its own on today's stocking day (the
// 18:00 Central window), records driver actions through createDriverAction,
// and checks the cards, the stored filters after a reload, and a timed
// refresh picking up a new action (the page clock is fast-forwarded 2 min).
import assert from 'node:assert/strict';
import {
  closeContexts,
  createLocationAs,
  driverActionAs,
  expect,
  readStack,
  scheduleStopsAs,
  settledStockingDay,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridges = [`DASH_${stamp}_A`, `DASH_${stamp}_B`, `DASH_${stamp}_C`, `DASH_${stamp}_D`];
const route = `e2e-dash-${stamp % 1000000}`;
const second = `${route}-2`;
const other = `${route}-3`;

let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

const date = await settledStockingDay();

/** A driver's action, through the API as the driver app sends it, on the stocking day under test. */
async function act(eventType, locationId, data) {
  const { stockingDay } = await driverActionAs(page, eventType, locationId, data);
  assert.equal(stockingDay, date, 'the action falls in the stocking day under test');
}

async function uploadStops() {
  // Route: A, B, C; the second route: D; a third route, not chosen: A's second delivery.
  const stops = [
    [fridges[0], route, 1, 1],
    [fridges[1], route, 2, 1],
    [fridges[2], route, 3, 1],
    [fridges[3], second, 1, 1],
    [fridges[0], other, 1, 2],
  ];
  await scheduleStopsAs(
    page,
    `dash-${stamp}`,
    stops.map(([id, r, stop, stockingIndex]) => ({ date, market: 'MW', id, route: r, stop, stockingIndex })),
  );
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  // A fake clock from the start, so a test can jump the page's 2-minute refresh.
  await page.clock.install({ time: new Date() });
  // This file checks the 2-minute refresh of §4.4, which takes over when the live connection is down:
  // every real-time connection is closed at once, as a dropped one. dashboard-live.test.mjs checks the
  // live page.
  await page.routeWebSocket(/\/graphql\/realtime/, (ws) => ws.close());
  await signIn(page, stack.users.admin);
  for (const id of fridges) await createLocationAs(page, id);
  await uploadStops();
  await act('LocationStocked', fridges[0], { stockingIndex: 1, temperature: 37.5 });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

/** Ticks a route as a user does, by its label (Amplify hides the input itself). */
async function chooseRoute(name) {
  await page.getByRole('form', { name: 'Dashboard filters' }).getByText(name, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name, exact: true }), `${name} is chosen`).toBeChecked();
}

const card = (r = route) => page.getByRole('region', { name: `Route ${r}`, exact: true });
const stopRow = (n, id) => card().getByRole('row', { name: `Stop ${n} ${id}` });

test("filters, then one card per chosen route with each stop's status", async () => {
  await page.goto(url('/reports/checkpoints'));
  await expect(page.getByRole('heading', { level: 1, name: 'Stocking Real-Time Dashboard' })).toBeVisible();
  const searchButton = page.getByRole('button', { name: 'Search' });
  const searchTop = async () => (await searchButton.boundingBox()).y;
  const searchTopBefore = await searchTop();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByLabel('Region').selectOption('MW');
  await chooseRoute(route);
  await chooseRoute(second);
  // The date's routes arrived in a box of fixed height: Search did not move under the pointer.
  assert.equal(await searchTop(), searchTopBefore, 'Search stays where it was');
  await searchButton.click();
  await expect(card()).toBeVisible();
  await expect(card(second).getByRole('row', { name: `Stop 1 ${fridges[3]}` })).toBeVisible();
  await expect(card(other), 'a route not chosen has no card').toHaveCount(0);
  await expect(stopRow(1, fridges[0]).getByText('Completed', { exact: true })).toBeVisible();
  await expect(stopRow(2, fridges[1]).getByText('Not Started', { exact: true })).toBeVisible();
  await expect(stopRow(3, fridges[2]).getByText('Not Started', { exact: true })).toBeVisible();
  assert.match(await stopRow(1, fridges[0]).innerText(), /\d\d:\d\d/, 'Stocked At (CT) is shown');
  await expect(page.getByRole('progressbar', { name: `Route ${route} done` })).toBeVisible();
  assert.equal(
    await page.getByRole('progressbar', { name: `Route ${route} done` }).getAttribute('aria-valuenow'),
    '1',
    'one of three stops done',
  );
  await expect(page.getByText(/^As of \d{4}-\d\d-\d\d \d\d:\d\d:\d\d CT/)).toBeVisible();
});

test('the filters are kept: a reload shows the same route, and Update Route Filters shows them', async () => {
  await page.goto(url('/checkpoints'));
  await expect(card()).toBeVisible();
  await expect(stopRow(1, fridges[0]).getByText('Completed', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Update Route Filters' }).click();
  await expect(page.getByLabel('Drop Off Date')).toHaveValue(date);
  await expect(page.getByLabel('Region')).toHaveValue('MW');
  await expect(page.getByRole('checkbox', { name: route, exact: true }), 'the route stays chosen').toBeChecked();
  await expect(page.getByRole('checkbox', { name: second, exact: true })).toBeChecked();
  assert.ok(!(await page.getByRole('checkbox', { name: other, exact: true }).isChecked()));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(card()).toBeVisible();
});

test('the refresh icon shows a new action at once', async () => {
  await page.goto(url('/reports/checkpoints'));
  await expect(stopRow(3, fridges[2]).getByText('Not Started', { exact: true })).toBeVisible();
  await act('LocationUnreachable', fridges[2], { reason: 'Gate locked' });
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(stopRow(3, fridges[2]).getByText('Unreachable Incomplete', { exact: true })).toBeVisible();
});

test('the page refreshes itself every 2 minutes and shows a new scan', async () => {
  await page.goto(url('/reports/checkpoints'));
  await expect(stopRow(2, fridges[1]).getByText('Not Started', { exact: true })).toBeVisible();
  await act('PackingSlipQuery', fridges[1], { packingSlipId: `slip-${stamp}`, stockingIndex: 1 });
  // Nothing changes before the refresh is due.
  await page.clock.runFor(60_000);
  await expect(stopRow(2, fridges[1]).getByText('Not Started', { exact: true })).toHaveCount(1);
  await page.clock.runFor(61_000);
  await expect(stopRow(2, fridges[1]).getByText('In Progress', { exact: true })).toBeVisible();
});

test('Collapsed hides the stop tables; a card expands on its own', async () => {
  await page.goto(url('/reports/checkpoints'));
  await expect(card().getByRole('table')).toBeVisible();
  await page.getByRole('button', { name: 'Collapsed' }).click();
  await expect(card().getByRole('table')).toHaveCount(0);
  await page.getByRole('button', { name: `Expand route ${route}`, exact: true }).click();
  await expect(card().getByRole('table')).toBeVisible();
});

test('after an hour Amplify refreshes the session and the page keeps refreshing', async () => {
  await page.goto(url('/reports/checkpoints'));
  await expect(card().getByRole('table')).toBeVisible();
  const idToken = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
  const first = await idToken();
  // Past the token's 1-hour life: the next timed refresh needs a new token.
  await page.clock.fastForward('01:01:00');
  await expect.poll(idToken, { message: 'the ID token was refreshed', timeout: 20_000 }).not.toBe(first);
  await expect(card().getByRole('table')).toBeVisible();
  await expect(page.getByText(/could not be loaded|Unhandled error/), 'the refresh answered').toHaveCount(0);
});

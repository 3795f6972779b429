// Browser test of the live Stocking Real-Time Dashboard (issue 61): an open
// dashboard shows a driver's action within 3 s, without a reload, with its
// filters and scroll kept; the change is marked; a dropped connection says so
// and, once back, the page reads everything and is live again. Sets up its own
// fridges and route on today's stocking day; the actions go through
// createDriverAction as the driver app's do, and reach the page through the
// tables' streams, the publisher and the real-time endpoint.
import assert from 'node:assert/strict';
import {
  closeContexts,
  createLocationAs,
  driverActionAs,
  expect,
  graphqlAs,
  readStack,
  scheduleStopsAs,
  searchDashboard,
  settledStockingDay,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridges = [`LIVE_${stamp}_A`, `LIVE_${stamp}_B`, `LIVE_${stamp}_C`];
const route = `e2e-live-${stamp % 1000000}`;

let stack;
let browser;
let office;
/** The page's real-time connections, as Playwright routes them (to close one from the browser's side). */
const sockets = [];

const date = await settledStockingDay();

/** A driver's action, through the API as the driver app sends it, on the stocking day under test. */
async function act(eventType, locationId, data) {
  const { stockingDay } = await driverActionAs(office, eventType, locationId, data);
  assert.equal(stockingDay, date, 'the action falls in the stocking day under test');
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  // The local real-time endpoint's certificate is made for the run (README: trusting it).
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ignoreHTTPSErrors: true });
  office = await context.newPage();
  await office.routeWebSocket(/\/graphql\/realtime/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await signIn(office, stack.users.admin);
  for (const id of fridges) await createLocationAs(office, id);
  await scheduleStopsAs(
    office,
    `live-${stamp}`,
    fridges.map((id, i) => ({ date, market: 'MW', id, route, stop: i + 1, stockingIndex: 1 })),
  );
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const card = () => office.getByRole('region', { name: `Route ${route}`, exact: true });
const stopRow = (n, id) => card().getByRole('row', { name: new RegExp(`^Stop ${n} ${id}`) });
const live = () => office.getByText(/^Live\b/);

test("a driver's action shows in the open dashboard within 3 s, marked, with the filters and scroll kept", async () => {
  await searchDashboard(office, date, [route], { webUrl: stack.webUrl });
  await expect(stopRow(2, fridges[1]).getByText('Not Started', { exact: true })).toBeVisible();
  await expect(live(), 'the summary says Live once connected').toBeVisible();
  await office.evaluate(() => window.scrollTo(0, 200));
  const scrolled = await office.evaluate(() => window.scrollY);
  const started = Date.now();
  await act('LocationStocked', fridges[1], { stockingIndex: 1, temperature: 37.5 });
  await expect(stopRow(2, fridges[1]).getByText('Completed', { exact: true })).toBeVisible({ timeout: 3_000 });
  const took = Date.now() - started;
  console.log(`live: the action showed after ${took} ms`);
  await expect(stopRow(2, fridges[1]).getByText('Changed', { exact: true }), 'the changed row is marked').toBeVisible();
  await expect(office.getByRole('checkbox', { name: route, exact: true }).or(card()).first()).toBeVisible();
  assert.equal(await office.evaluate(() => window.scrollY), scrolled, 'the scroll position is kept');
  await expect(stopRow(1, fridges[0]).getByText('Not Started', { exact: true }), 'the other rows stay').toBeVisible();
});

test('a dropped connection says so; once back the page reads everything and is live again', async () => {
  await expect(live()).toBeVisible();
  assert.ok(sockets.length > 0, 'the page opened a real-time connection');
  for (const ws of sockets.splice(0)) await ws.close();
  await expect(office.getByText('Connection lost. Refreshing every 2 minutes.')).toBeVisible();
  // A change made while the connection was down: the full read after the reconnection shows it.
  await act('LocationStocked', fridges[2], { stockingIndex: 1, temperature: 37.1 });
  await expect(live(), 'live again').toBeVisible({ timeout: 30_000 });
  await expect(stopRow(3, fridges[2]).getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
});

test("a teammate's acknowledgement shows as taken by, without a reload", async () => {
  const panel = office.getByRole('region', { name: /^Needs attention/ });
  const ackName = `Acknowledge Unreachable at stop 1 of route ${route}`;
  // A new item, live: the driver could not reach stop 1.
  await act('LocationUnreachable', fridges[0], { reason: 'Gate locked', stockingIndex: 1 });
  await expect(panel.getByRole('button', { name: ackName }), 'the item opens live').toBeVisible({ timeout: 3_000 });

  // A teammate, signed in elsewhere, takes it with a note.
  const { stockingDashboard } = await graphqlAs(
    office,
    'query($filter: StockingDashboardFilter!) { stockingDashboard(filter: $filter) { attention { open { key kind } } } }',
    { filter: { dropOffDate: date, routes: [route] } },
  );
  const item = stockingDashboard.attention.open.find((i) => i.kind === 'UNREACHABLE');
  assert.ok(item, 'the Unreachable item is open');
  const teammate = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  const note = `On my way: e2e ${stamp}`;
  try {
    await signIn(
      teammate,
      stack.users.supervisor ?? { email: 'supervisor@fleet.local', password: stack.users.admin.password },
    );
    await graphqlAs(
      teammate,
      'mutation($input: AcknowledgeAttentionInput!) { acknowledgeAttention(input: $input) { key } }',
      { input: { stockingDay: date, key: item.key, note, requestId: `e2e-live-ack-${stamp}` } },
    );
  } finally {
    await teammate.context().close();
  }
  // Within 3 s, on the office's open page: gone from the open items, under Resolved today, taken by the teammate.
  await expect(panel.getByRole('button', { name: ackName })).toHaveCount(0, { timeout: 3_000 });
  await panel.locator('summary', { hasText: /^Resolved today/ }).click();
  const resolved = panel.getByRole('list', { name: 'Resolved today' });
  await expect(resolved.getByText(new RegExp(`taken by .+ at \\d\\d:\\d\\d: ${note}`))).toBeVisible();
});

test('Find a stop: a location far down the day shows alone, and clearing the search shows every stop', async () => {
  await expect(card()).toBeVisible();
  const find = office.getByLabel('Find a stop');
  await find.fill(fridges[2]);
  await expect(stopRow(3, fridges[2])).toBeVisible();
  await expect(stopRow(1, fridges[0]), 'another stop is hidden').toHaveCount(0);
  await expect(office.getByText('1 stop on 1 route matches.')).toBeVisible();
  await find.fill(`no-such-stop-${stamp}`);
  await expect(office.getByText('No stop matches.')).toBeVisible();
  await office.getByRole('button', { name: 'Show every stop' }).click();
  await expect(stopRow(1, fridges[0])).toBeVisible();
  await expect(stopRow(3, fridges[2])).toBeVisible();
});

// Browser test of the Needs-attention panel's other kinds (issue 42): Fridge needs the driver, Driver quiet and
// Route not started (attention.test.mjs covers Stop stuck, Temperature and Unreachable, and the acknowledgement).
// Sets up its own fridges and two routes of its own on today's stocking day. The office assigns route Q to a demo
// driver, who scans stop 1 70 minutes ago and records nothing since: the driver is quiet. (Assigned first, not claimed
// by the scan: a claim is a Route claimed item of its own, and a driver claims one route a day, so a second run on
// the same stack would be refused; issue 59.) Route
// I has no action at all: not started, once its 07:00 Central start has passed. Route I's fridge reports
// MOTOR_FAULT through the telemetry queue: the fridge needs the driver. Then its stop is stocked: the server drops
// the item (a fridge condition keeps no history), and at the next refresh the browser moves it to Resolved today,
// "stocked at HH:MM" (a condition that clears in fleet health reads "cleared by HH:MM": the unit tests).
import assert from 'node:assert/strict';
import {
  axeFindings,
  central,
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  readStack,
  runScheduleAs,
  scheduleStopsAs,
  searchDashboard,
  sendTelemetry,
  settleAnimations,
  settledStockingDay,
  signIn,
  test,
} from './fixtures.mjs';

const stamp = Date.now();
const quietRoute = `e2e-quiet-${stamp % 1000000}`;
const idleRoute = `e2e-idle-${stamp % 1000000}`;
const [scanned, leftToDo, faulty] = ['Q1', 'Q2', 'I1'].map((s) => `ATTK_${stamp}_${s}`);

const date = await settledStockingDay();
const setUpAt = new Date();
/** Minutes since the stocking day began (18:00 Central the day before). */
const { day, minutes } = central(setUpAt);
const intoDay = day === date ? 6 * 60 + minutes : minutes - 18 * 60;
/** The scan: 70 minutes ago, but never before the stocking day began. */
const scannedAt = new Date(setUpAt.getTime() - Math.max(0, Math.min(70, intoDay - 1)) * 60_000);
/**
 * Each kind's open count as the panel will show it: 1 or 0 when sure, or either ('[01]') when a threshold falls
 * within the few minutes the set-up and search take (a day just begun, or 07:00 Central close).
 */
const DRIFT_MINUTES = 5;
const scanAge = (setUpAt.getTime() - scannedAt.getTime()) / 60_000;
/** A driver is quiet after 60 minutes: only when the day is old enough for a scan that long ago. */
const quietCount = scanAge > 61 ? '1' : scanAge + DRIFT_MINUTES < 60 ? '0' : '[01]';
/** A route starts by 07:00 Central of its date (rules.json `attention.routeStartsBy`). */
const notStartedCount =
  day === date && minutes >= 7 * 60 + 1 ? '1' : day !== date || minutes + DRIFT_MINUTES < 7 * 60 ? '0' : '[01]';

/**
 * A fridge's new state reaches the panel through the fleet health snapshot, rebuilt once a minute. The test asks
 * for a rebuild at each look (the rebuild skips a snapshot under 55 s old), so it waits for the heartbeat's ingest
 * and at most a minute more: longer on a loaded machine.
 */
const SNAPSHOT_WAIT_MS = 240_000;
// The set-up and each look wait up to that long for the snapshot, on top of their own steps.
test.describe.configure({ mode: 'serial', timeout: SNAPSHOT_WAIT_MS + 120_000 });

/**
 * Route Q's driver: a demo driver (seeded with the demo password, the admin's) who acts nowhere else in the test
 * stack (it runs no driver simulator). Who is quiet is a person: the admin acts in other tests all day.
 */
const driverOf = (s) => ({ email: 'driver6@fleet.local', password: s.users.admin.password });

let stack;
let browser;
let page;

/** A heartbeat of the faulty fridge, as fridges send it to the telemetry queue. */
const heartbeat = (jofemarState, at = new Date()) => ({
  type: 'heartbeat',
  locationId: faulty,
  timestamp: at.toISOString(),
  jofemarState,
  temperature: 37.5,
  outOfOrder: false,
  safetyHold: false,
});

/** The server's panel for the two routes: the kind and place of each open item. */
async function openItems() {
  const { stockingDashboard } = await graphqlAs(
    page,
    `query($filter: StockingDashboardFilter!) { stockingDashboard(filter: $filter) {
      attention { open { kind locationId route } }
    } }`,
    { filter: { dropOffDate: date, routes: [quietRoute, idleRoute] } },
  );
  return stockingDashboard.attention.open;
}
const fridgeOpen = async () => {
  await runScheduleAs(page, 'rebuild_fleet_health_snapshot');
  return (await openItems()).some((i) => i.kind === 'FRIDGE_NEEDS_DRIVER');
};

/** Waits for the server's panel to say `open` of the fridge, asking every 2 s (a rebuild and a dashboard read each time). */
async function untilFridge(open, what) {
  await expect.poll(fridgeOpen, { message: what, timeout: SNAPSHOT_WAIT_MS, intervals: [2_000] }).toBe(open);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin);
  for (const id of [faulty, scanned, leftToDo]) {
    await createLocationAs(page, id);
    // First, so that the heartbeat's ingest runs while the rest is set up.
    if (id === faulty) await sendTelemetry([heartbeat('STATUS_5_MOTOR_FAULT')]);
  }
  await scheduleStopsAs(page, `attk-${stamp}`, [
    { date, market: 'MW', id: scanned, route: quietRoute, stop: 1 },
    { date, market: 'MW', id: leftToDo, route: quietRoute, stop: 2 },
    { date, market: 'MW', id: faulty, route: idleRoute, stop: 1 },
  ]);
  await graphqlAs(page, 'mutation($i: AssignRouteDriverInput!) { assignRouteDriver(input: $i) { version } }', {
    i: {
      stockingDate: date,
      route: quietRoute,
      driverEmail: driverOf(stack).email,
      expectedVersion: 0,
      requestId: `e2e-attk-assign-${stamp}`,
    },
  });
  const driverPage = await (await browser.newContext()).newPage();
  await signIn(driverPage, driverOf(stack));
  const out = await graphqlAs(
    driverPage,
    'mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id stockingDay } }',
    {
      input: {
        eventType: 'PackingSlipQuery',
        locationId: scanned,
        data: JSON.stringify({ packingSlipId: `slip-attk-${stamp}`, stockingIndex: 1 }),
        requestId: `e2e-attk-scan-${stamp}`,
        occurredAt: scannedAt.toISOString(),
      },
    },
  );
  assert.equal(out.createDriverAction.stockingDay, date, 'the scan falls in the stocking day under test');
  await driverPage.context().close();
  // Through the ingest and a fleet health snapshot's rebuild into the dashboard's answer.
  await untilFridge(true, 'the fridge in MOTOR_FAULT raised in the panel');
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const panelOf = (p) => p.getByRole('region', { name: /^Needs attention/ });

test('a fridge in fault, a quiet driver and a route not started are counted and listed in words', async () => {
  await searchDashboard(page, date, [quietRoute, idleRoute]);
  const panel = panelOf(page);
  await expect(panel).toBeVisible();

  const kinds = panel.getByRole('group', { name: 'Show items of a kind' });
  for (const name of [
    'Fridge needs the driver: 1',
    `Driver quiet: ${quietCount}`,
    `Route not started: ${notStartedCount}`,
    'Temperature: 0',
    'Unreachable: 0',
    'Route claimed: 0',
  ]) {
    await expect(kinds.getByRole('button', { name: new RegExp(`^${name}$`) })).toBeVisible();
  }
  const list = panel.getByRole('list', { name: 'Open items', exact: true });
  const texts = await list.getByRole('listitem').allInnerTexts();
  const fridge = texts.find((t) => t.includes('Fridge needs the driver'));
  assert.ok(fridge, `a Fridge needs the driver item: ${texts.join(' | ')}`);
  assert.match(fridge, new RegExp(`Route ${idleRoute} · Stop 1 · ${faulty}`));
  assert.match(fridge, /The fridge's vending state is MOTOR_FAULT/);
  if (quietCount === '1') {
    const quiet = texts.find((t) => t.includes('Driver quiet'));
    assert.ok(quiet, `a Driver quiet item: ${texts.join(' | ')}`);
    assert.match(quiet, new RegExp(`Route ${quietRoute}`));
    assert.match(quiet, new RegExp(`${driverOf(stack).email} has recorded nothing since \\d\\d:\\d\\d`));
  }
  if (notStartedCount === '1') {
    const idle = texts.find((t) => t.includes('Route not started'));
    assert.ok(idle, `a Route not started item: ${texts.join(' | ')}`);
    assert.match(idle, new RegExp(`No action on route ${idleRoute} by 07:00 CT`));
  }
  // The fridge's item links to its health page.
  assert.equal(
    await panel.getByRole('link', { name: faulty }).first().getAttribute('href'),
    `/locations/health/${faulty}`,
  );
});

test('the fridge item, dropped by the server once its stop is stocked, moves to Resolved today at the next refresh', async () => {
  const panel = panelOf(page);
  await expect(panel.getByRole('button', { name: 'Fridge needs the driver: 1', exact: true })).toBeVisible();
  const stocked = await graphqlAs(
    page,
    'mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id } }',
    {
      input: {
        eventType: 'LocationStocked',
        locationId: faulty,
        data: JSON.stringify({ stockingIndex: 1, temperature: 36.5 }),
        requestId: `e2e-attk-stocked-${stamp}`,
        occurredAt: new Date().toISOString(),
      },
    },
  );
  assert.ok(stocked.createDriverAction.id, 'the stop stocked');
  await eventually(async () => !(await fridgeOpen()), 'the fridge item gone from the server’s panel');

  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(panel.getByRole('button', { name: 'Fridge needs the driver: 0', exact: true })).toBeVisible();
  const summary = panel.locator('summary', { hasText: /^Resolved today/ });
  await summary.click();
  const resolved = panel.getByRole('list', { name: 'Resolved today' });
  const item = resolved.getByRole('listitem').filter({ hasText: 'Fridge needs the driver' });
  await expect(item).toBeVisible();
  assert.match(await item.innerText(), /The fridge's vending state is MOTOR_FAULT/);
  assert.match(await item.innerText(), /Ended: stocked at \d\d:\d\d/);

  await settleAnimations(panel);
  const findings = await axeFindings(page, '.attention-panel', { all: true });
  assert.deepEqual(findings, [], `the panel: axe findings:\n${findings.join('\n')}`);
});

// Browser test of the reports (3-planning §2; issue 25), with data the test makes
// through the real paths: a fridge of its own reports two inventory snapshots
// through the telemetry queue (the second empties its Wrap slot: one empty channel
// and one stock-out), and a driver records at it, through createDriverAction, a
// LocationStocked with 44.5 °F (a route temperature above 41) and a call refused
// past the gate (an error row of the stocking logs); a van reading of 42 °F is taken
// at a depot of its own, a stop of the test's own route that day (a van reading names
// a real route of its day and a stop of it, issue 59). Each screen is read, and one table exported.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  central,
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  readStack,
  restAs,
  scheduleStopsAs,
  sendTelemetry,
  signIn,
  stockingDay,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridge = `RPTE2E_${stamp}`;
// Where a van reading is recorded (issue 39): a depot, a location of its own, the one stop of the van's route.
const depot = `RPTDEPOT_${stamp}`;
const vanRoute = `e2e-van-${stamp % 1000000}`;
const vanAt = new Date(stamp - 60_000);
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

const snapshot = (at, wrap) => ({
  type: 'inventory',
  locationId: fridge,
  timestamp: at.toISOString(),
  slots: [
    { slot: '1:1', itemName: 'Salad', units: [{ productionDate: '2026-11-20' }, { productionDate: '2026-11-20' }] },
    { slot: '2:3', itemName: 'Wrap', units: Array.from({ length: wrap }, () => ({ productionDate: '2026-11-20' })) },
  ],
});

const second = new Date(stamp - 10 * 60_000);

async function driverAction(
  data,
  requestId,
  occurredAt = new Date(),
  eventType = 'LocationStocked',
  locationId = fridge,
) {
  return graphqlAs(
    page,
    'mutation E2eRpt($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id } }',
    {
      input: {
        eventType,
        locationId,
        data: JSON.stringify(data),
        requestId,
        occurredAt: occurredAt.toISOString(),
      },
    },
  ).catch((e) => e);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  await signIn(page, stack.users.admin);
  await createLocationAs(page, fridge);
  // One at a time, so the stock-out is there to wait for (any order derives the same rows).
  await sendTelemetry([snapshot(new Date(stamp - 20 * 60_000), 1)]);
  await eventually(async () => {
    const { body } = await restAs(page, 'GET', `/locations/${fridge}/inventory`);
    return Boolean(body?.timestamp);
  }, 'the first snapshot stored');
  await sendTelemetry([snapshot(second, 0)]);
  await eventually(async () => {
    const { body } = await restAs(page, 'GET', `/reports/stockouts/${central(second).day}`);
    return Array.isArray(body) && body.some((r) => r.Location === fridge);
  }, 'the stock-out recorded');
  const ok = await driverAction({ stockingIndex: 1, temperature: 44.5 }, `rpt-ok-${stamp}`);
  assert.ok(ok.createDriverAction?.id, JSON.stringify(ok));
  // A van reading recorded at the depot (issue 39).
  await createLocationAs(page, depot);
  await scheduleStopsAs(page, `rpt-van-${stamp}`, [
    { date: stockingDay(vanAt), market: 'MW', id: depot, route: vanRoute, stop: 1 },
  ]);
  const van = await driverAction(
    { temperature: 42, route: vanRoute },
    `rpt-van-${stamp}`,
    vanAt,
    'VanTemperature',
    depot,
  );
  assert.ok(van.createDriverAction?.id, JSON.stringify(van));
  // Refused past the permission gate (three days old: outside the time window), so logged as an error;
  // a malformed call is refused before it and logs nothing (issue 38).
  const threeDaysAgo = new Date(stamp - 3 * 24 * 60 * 60_000);
  const refused = await driverAction({ stockingIndex: 1 }, `rpt-bad-${stamp}`, threeDaysAgo);
  assert.ok(refused instanceof Error, 'the second call is refused');
});

test.afterAll(async () => {
  await closeContexts(browser);
});

async function searchDay(path, heading) {
  await page.goto(url(path));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.getByLabel('Date', { exact: true }).fill(central(second).day);
  await page.getByRole('button', { name: 'Search' }).click();
  // The day holds the demo fleet's rows too (a long, windowed table): narrow it to this fridge.
  await page.getByLabel('Filter', { exact: true }).fill(fridge);
}

test('empty channels: the emptied slot of the fridge, exported as CSV', async () => {
  await searchDay('/reports/emptychannels', 'Empty Channel Report');
  const row = page.getByRole('row', { name: new RegExp(`^${fridge} slot 2:3 at`) });
  await expect(row).toBeVisible();
  const text = await row.innerText();
  assert.match(text, /Wrap/);
  assert.match(text, /\b3\b/);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile(await file.path(), 'utf8');
  assert.match(csv, /Location,Item Name,Timestamp \(CT\),Logical Column,Logical Row/);
  assert.match(csv, new RegExp(`${fridge},Wrap`));
});

test('stock-outs: the item no slot holds any more', async () => {
  await searchDay('/reports/stockouts', 'Stock-outs Report');
  const row = page.getByRole('row', { name: new RegExp(`^${fridge} out of Wrap at`) });
  await expect(row).toBeVisible();
  assert.match(await row.innerText(), new RegExp(central(second).day));
});

test("a day report keeps its day in the address: Back from a fridge's page shows the same day's rows", async () => {
  await searchDay('/reports/stockouts', 'Stock-outs Report');
  const day = central(second).day;
  await expect(page).toHaveURL(new RegExp(`[?&]date=${day}`));
  const row = page.getByRole('row', { name: new RegExp(`^${fridge} out of Wrap at`) });
  // The table's own text filter is kept too.
  await page.getByLabel('Filter', { exact: true }).fill(fridge);
  await expect(page).toHaveURL(new RegExp(`[?&]filter=${fridge}(&|$)`));
  await row.getByRole('link', { name: fridge, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/health/${fridge}$`));
  await page.goBack();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(day);
  await expect(page.getByLabel('Filter', { exact: true })).toHaveValue(fridge);
  await expect(row).toBeVisible();
});

async function fetchLastHour(path, heading) {
  await page.goto(url(path));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(central(new Date(Date.now() - 60 * 60_000)).wall);
  await page.getByLabel('To', { exact: true }).fill(central(new Date(Date.now() + 10 * 60_000)).wall);
  await page.getByRole('button', { name: 'Fetch Data' }).click();
}

test('route temperatures: the 44.5 °F reading is highlighted', async () => {
  await fetchLastHour('/reports/routetemperatures', 'Route Temperatures');
  const row = page.getByRole('row', { name: new RegExp(`^${fridge} at`) });
  await expect(row).toBeVisible();
  assert.match(await row.innerText(), /44\.5 \(above 41\)/);
  assert.equal(await row.getAttribute('data-highlight'), 'error');
});

test('route temperatures: a van reading is a row of kind Van, highlighted above 41 too', async () => {
  await fetchLastHour('/reports/routetemperatures', 'Route Temperatures');
  const row = page.getByRole('row', { name: new RegExp(`^${depot} at .*, in the van$`) });
  await expect(row).toBeVisible();
  const text = await row.innerText();
  assert.match(text, /42 \(above 41\)/);
  assert.match(text, new RegExp(vanRoute));
  assert.match(text, /Van/);
  assert.equal(await row.getAttribute('data-highlight'), 'error');
});

test('stocking logs: the call and the refused call, the error row highlighted', async () => {
  await fetchLastHour('/reports/stockinglogs', 'Stocking Logs');
  await expect(page.getByRole('table', { name: 'Stocking logs' })).toBeVisible();
  await page.getByLabel('Fridge', { exact: true }).selectOption(fridge);
  const rows = page
    .getByRole('table', { name: 'Stocking logs' })
    .getByRole('row', { name: new RegExp(`at ${fridge},`) });
  await eventually(async () => (await rows.count()) === 2, 'two rows of the fridge');
  const error = page
    .getByRole('row', { name: new RegExp(`at ${fridge},`) })
    .filter({ hasText: 'Error while processing this request' });
  await expect(error).toHaveCount(1);
  assert.equal(await error.getAttribute('data-highlight'), 'error');
});

test("a time-range report keeps its range and filter in the address: Back from a fridge's page shows the same rows", async () => {
  await fetchLastHour('/reports/stockinglogs', 'Stocking Logs');
  const table = page.getByRole('table', { name: 'Stocking logs' });
  await expect(table).toBeVisible();
  await page.getByLabel('Fridge', { exact: true }).selectOption(fridge);
  await expect(page).toHaveURL(new RegExp(`[?&]fridge=${fridge}(&|$)`));
  const from = await page.getByLabel('From', { exact: true }).inputValue();
  const rows = table.getByRole('row', { name: new RegExp(`at ${fridge},`) });
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('link', { name: fridge, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/health/${fridge}$`));
  await page.goBack();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
  await expect(page.getByLabel('Fridge', { exact: true })).toHaveValue(fridge);
  await expect(rows).toHaveCount(2);
  // A reload too.
  await page.reload();
  await expect(page.getByLabel('Fridge', { exact: true })).toHaveValue(fridge);
  await expect(rows).toHaveCount(2);
});

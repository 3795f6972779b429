// Browser test of the pars tools (spec 3-planning §2): upload with a known
// error, fix and upload, then the pars view and the packing report. Sets up
// its own fridge through the API.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminPage,
  closeContexts,
  createLocationAs,
  expect,
  ownDateOf,
  readStack,
  runScheduleAs,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridge = `PARE2E_${stamp}`;
const date = ownDateOf('pars', stamp);
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

async function csv(name, rows) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-pars-'));
  const file = path.join(dir, name);
  const header = 'location,dropOffDate,deliveryDate,stockingIndex,item,par,overCapacityAmount,jit,priorityBoost';
  await writeFile(file, [header, ...rows].join('\n') + '\n');
  return file;
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await adminPage(browser, stack);
  await createLocationAs(page, fridge, {
    routingTag: 'CHI',
    fulfillmentCenter: 'Chicago Kitchen',
    parkToFridgeInstructions: 'Dock B',
    route: 'chi-09',
  });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('a par file with an error is refused and cleared; fixed, it uploads; the pars view and the report show it', async () => {
  await page.goto(url('/pars/upload'));
  const picker = page.getByLabel('CSV file');
  await expect(picker).toBeVisible({ timeout: 30_000 }); // after the 16 loading steps
  await picker.setInputFiles(
    await csv('bad.csv', [
      `${fridge},${date},${date},,Greek Salad,6,-1,false,`,
      `${fridge},${date},${date},,Kettle Chips,2,0,false,`,
    ]),
  );
  const errors = page.getByRole('region', { name: 'Validation Errors' });
  await expect(errors.getByText('Validation Errors (2)')).toBeVisible();
  await expect(errors.getByText(`${date}#${fridge}#1 - has an error:`)).toBeVisible();
  await expect(
    errors.getByText('Row 2: Over Capacity Amount issue with Greek Salad. Accepted values any number 0 or greater.'),
  ).toBeVisible();
  // The order lands whole or not at all, so its other row is held back too.
  await expect(
    errors.getByText('Row 3: Not written: row 2 of the same group is invalid, and a group lands whole or not at all.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Pars' }), 'the file was cleared').toBeDisabled();

  await picker.setInputFiles(
    await csv('good.csv', [
      `${fridge},${date},${date},,Greek Salad,6,1,false,`,
      `${fridge},${date},${date},,Kettle Chips,2,0,false,`,
    ]),
  );
  await expect(page.getByRole('table', { name: 'Pars to upload' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Pars' }).click();
  await expect(page.getByText('Upload Complete')).toBeVisible();

  await page.goto(url('/pars/list'));
  await page.getByLabel('Location', { exact: true }).selectOption(fridge);
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  const pars = page.getByRole('table', { name: `Pars of ${fridge} on ${date}` });
  await expect(pars).toBeVisible();
  const text = await pars.innerText();
  assert.match(text, /Greek Salad\s+6\s+1/);
  assert.match(text, /Kettle Chips\s+2\s+0/);
  // The search lives in the address: the report's link, then Back, shows the same pars again.
  await page.getByRole('link', { name: 'Packing slip report' }).click();
  await expect(page).toHaveURL(/\/pars\/prodreport$/);
  await page.goBack();
  await expect(pars).toBeVisible();
  await expect(page.getByLabel('Location', { exact: true })).toHaveValue(fridge);

  await page.goto(url('/pars/prodreport'));
  await page.getByLabel('Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  const summary = page.getByRole('table', { name: 'Summary' });
  await expect(summary).toBeVisible();
  assert.match(await summary.innerText(), /1\s+A\s+Greek Salad\s+6/);
  assert.match(
    await page.getByRole('table', { name: `Packing slip ${fridge}` }).innerText(),
    /4\s+B\s+Kettle Chips\s+2/,
  );
});

test("the upload's loading phase counts 15 days in one call, reads the locations' snapshot, and a second visit that day reads neither", async () => {
  const asked = [];
  const listen = (request) => {
    const body = request.postData() ?? '';
    if (body.includes('query FridgeOrderCounts')) asked.push(['counts', JSON.parse(body).variables.deliveryDates]);
    if (body.includes('query OpsLocationsSnapshot')) asked.push(['snapshot']);
    if (body.includes('query ParsOpsLocations')) asked.push(['locations']);
    if (request.url().includes('/ops-locations.json')) asked.push(['snapshot object']);
  };
  await page.goto(url('/pars/upload'));
  // A fresh snapshot (the schedule's, once a minute; asked for now) and no copy of the day's locations kept.
  await runScheduleAs(page, 'rebuild_ops_locations_snapshot');
  await page.evaluate(() => localStorage.removeItem('fleet-console.opsLocations.v1'));
  page.on('request', listen);
  try {
    await page.reload();
    await expect(page.getByLabel('CSV file')).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(/^[\d,]+ fridge orders? already exists? for today and the next 14 days\./),
    ).toBeVisible();
    const counts = asked.filter(([kind]) => kind === 'counts');
    expect(counts).toHaveLength(1);
    expect(new Set(counts[0][1]).size).toBe(15);
    expect(asked.map(([kind]) => kind).sort()).toEqual(['counts', 'snapshot', 'snapshot object']);

    // The locations are kept for the day: a reload reads none of them.
    asked.length = 0;
    await page.reload();
    await expect(page.getByLabel('CSV file')).toBeVisible({ timeout: 30_000 });
    expect(asked.map(([kind]) => kind)).toEqual(['counts']);
  } finally {
    page.off('request', listen);
  }
});

// Browser test of the routes screens (spec 1-locations §2.7, §2.8) and a
// location's schedule list. Sets up its own fridges and stops; the first test
// reads a date of the demo's two weeks of stops and checks it against the API.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  linesOf,
  ownDateOf,
  readStack,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridges = [`RTE2E_${stamp}_A`, `RTE2E_${stamp}_B`, `RTE2E_${stamp}_C`];
// A date of this file's own: nobody else has stops on it.
const ownDate = ownDateOf('routes', stamp);
const route = `e2e-${stamp % 100000}`;

let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

async function csvFile(name, text) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-routes-'));
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin);
  for (const id of fridges) await createLocationAs(page, id);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const routesTable = () => page.getByRole('table', { name: /^Routes on/ });

test('view routes of a seeded date: each route has its header and SUMMARY of stops and totes', async () => {
  // The demo seeds Monday to Saturday around today; take the next such day.
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0);
  const date = day.toISOString().slice(0, 10);
  const api = await graphqlAs(
    page,
    'query($d: String!) { locationRoutes(stockingDate: $d, calculateTotes: true) { routes { route stop market toteCountPerStop } } }',
    { d: date },
  );
  const mw = api.locationRoutes.routes.find((s) => s.market === 'MW');
  const stops = api.locationRoutes.routes.filter((s) => s.route === mw.route);
  const totes = stops.reduce((n, s) => n + s.toteCountPerStop, 0);
  assert.ok(stops.length > 0 && totes > 0, 'the demo has stops and orders that day');

  await page.goto(url('/locations/view_routes'));
  await page.getByLabel('Date').fill(date);
  const header = routesTable().getByRole('rowheader', { name: `ROUTE: ${stops[0].route}`, exact: true });
  await expect(header).toBeVisible();
  await expect(routesTable().getByText(`SUMMARY: ${stops.length} stops, ${totes} totes`).first()).toBeVisible();
  // Another region hides this MW route; ALL shows it again.
  await page.getByLabel('Region').selectOption('NE');
  await eventually(async () => (await header.count()) === 0, { message: 'the NE region hides an MW route' });
  await page.getByLabel('Region').selectOption('ALL');
  await expect(header).toBeVisible();
});

test('the driver upload previews old -> new route and stop and names an unknown id', async () => {
  await page.goto(url('/locations/update_routes'));
  const file = await csvFile(
    `drivers-${stamp}.csv`,
    `id,route,stop\n${fridges[0]},E2E-Route,4\nNO_SUCH_${stamp},r1,1\n`,
  );
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Driver routes to upload' });
  await eventually(async () => (await table.getByRole('img', { name: /^invalid/ }).count()) === 1, {
    message: 'the dry run',
  });
  const text = await table.innerText();
  assert.ok(text.includes('route: None → e2e-route'), text);
  assert.ok(text.includes('stop: 0 → 4'), text);
  assert.ok(text.includes(`Location NO_SUCH_${stamp} does not exist`), text);
  assert.equal(
    await page.getByRole('button', { name: 'Upload Drivers' }).isDisabled(),
    true,
    'an invalid row blocks the upload',
  );
});

test('a route-stop schedule upload shows up on View Routes', async () => {
  await page.goto(url('/locations/update_routes'));
  await page.getByRole('link', { name: 'Route-stop schedule by date' }).click();
  await page.waitForURL(/update_weekly_routes/);
  // The tab's own help, so the file goes to this upload and not the one being left.
  await expect(page.getByText('date, market, id, route, stop, stockingIndex, stopType')).toBeVisible();
  const file = await csvFile(
    `weekly-${stamp}.csv`,
    `date,market,id,route,stop,stockingIndex,stopType\n${ownDate},MW,${fridges[0]},${route.toUpperCase()},1,1,delivery\n${ownDate},MW,${fridges[1]},${route},2,1,REMOVAL\n`,
  );
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Route stops to upload' });
  await eventually(async () => (await table.getByRole('img', { name: /^valid/ }).count()) === 2, {
    message: 'two valid rows',
  });
  await page.getByRole('button', { name: 'Upload Drivers' }).click();
  await eventually(
    async () =>
      (await page.getByRole('table', { name: 'Route stops to upload' }).count()) === 0 ||
      (await table.locator('tbody tr').count()) === 0,
    {
      message: 'written rows leave',
    },
  );

  await page.goto(url('/locations/view_routes'));
  await page.getByLabel('Date').fill(ownDate);
  await expect(routesTable().getByRole('rowheader', { name: `ROUTE: ${route}`, exact: true })).toBeVisible();
  await expect(routesTable().getByText('SUMMARY: 2 stops, 0 totes')).toBeVisible();
  const removal = routesTable().getByRole('row', { name: `Route ${route} stop 2` });
  assert.equal(await removal.evaluate((el) => getComputedStyle(el).fontWeight), '700', 'REMOVAL stops are bold');
});

test('View Routes keeps its day and region in its address: Back from a location finds them as left', async () => {
  await page.goto(url('/locations/view_routes'));
  await page.getByLabel('Date').fill(ownDate);
  await page.getByLabel('Region').selectOption('MW');
  const header = routesTable().getByRole('rowheader', { name: `ROUTE: ${route}`, exact: true });
  await expect(header).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]date=${ownDate}`));

  await routesTable().getByRole('link', { name: fridges[0], exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/detail/${fridges[0]}$`));
  await page.goBack();
  await expect(page.getByLabel('Date')).toHaveValue(ownDate);
  await expect(page.getByLabel('Region')).toHaveValue('MW');
  await expect(header).toBeVisible();
});

test("on a phone a stop's date reads whole in the table's first column, and the table scrolls, not the page", async () => {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(url('/locations/view_routes'));
    await page.getByLabel('Date').fill(ownDate);
    const dateCell = routesTable()
      .getByRole('row', { name: `Route ${route} stop 2` })
      .getByRole('cell')
      .first();
    await expect(dateCell).toHaveText(/^\d\d\/\d\d\/\d{4}$/);
    // One line box for the whole date: '11/30/2026', not '11/3', '0/20', '26' on three.
    assert.equal(await linesOf(dateCell), 1, 'the date is on one line');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
  } finally {
    await page.setViewportSize(viewport);
  }
});

test('re-uploading a route-stop schedule with one stop changed keeps every stop of the route (issue 20)', async () => {
  // A date and route of this test's own, the day after the other upload's.
  const date = new Date(Date.parse(`${ownDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const ownRoute = `${route}-w`;
  const week = (secondType) =>
    [
      'date,market,id,route,stop,stockingIndex,stopType',
      `${date},MW,${fridges[0]},${ownRoute},1,1,DELIVERY`,
      `${date},MW,${fridges[1]},${ownRoute},2,1,${secondType}`,
      `${date},MW,${fridges[2]},${ownRoute},3,1,DELIVERY`,
    ].join('\n') + '\n';
  const table = page.getByRole('table', { name: 'Route stops to upload' });
  const upload = async (name, text) => {
    await page.getByLabel('CSV or Excel file').setInputFiles(await csvFile(name, text));
    await eventually(async () => (await table.getByRole('img', { name: /^valid/ }).count()) === 3, {
      message: `the dry run of ${name}`,
    });
  };
  const stopsOnServer = async () => {
    const api = await graphqlAs(
      page,
      'query($d: String!) { locationRoutes(stockingDate: $d) { routes { route stop id stopType } } }',
      { d: date },
    );
    return api.locationRoutes.routes.filter((s) => s.route === ownRoute).sort((a, b) => a.stop - b.stop);
  };

  await page.goto(url('/locations/update_weekly_routes'));
  await expect(page.getByText('date, market, id, route, stop, stockingIndex, stopType')).toBeVisible();
  await upload(`week-${stamp}.csv`, week('DELIVERY'));
  await page.getByRole('button', { name: 'Upload Drivers' }).click();
  await expect(page.getByText('3 stops written, 0 failed.')).toBeVisible();
  assert.equal((await stopsOnServer()).length, 3, 'the first upload wrote 3 stops');

  // The same file with stop 2's stopType changed: the dry run marks the whole route as changing...
  await upload(`week-${stamp}-changed.csv`, week('REMOVAL'));
  await expect(page.getByText(/3 rows: 3 will change/)).toBeVisible();
  // ...and the commit sends it whole (a partial route would be refused, never written).
  await page.getByRole('button', { name: 'Upload Drivers' }).click();
  // (Choosing the file cleared the first outcome line.) The route's answer is shared by its stops.
  await expect(page.getByText(/^\d+ stops written, 0 failed\.$/)).toBeVisible();

  const stops = await stopsOnServer();
  assert.deepEqual(
    stops.map((s) => [s.stop, s.id, s.stopType]),
    [
      [1, fridges[0], 'DELIVERY'],
      [2, fridges[1], 'REMOVAL'],
      [3, fridges[2], 'DELIVERY'],
    ],
  );
  await page.goto(url('/locations/view_routes'));
  await page.getByLabel('Date').fill(date);
  await expect(routesTable().getByRole('rowheader', { name: `ROUTE: ${ownRoute}`, exact: true })).toBeVisible();
  await expect(routesTable().getByText('SUMMARY: 3 stops, 0 totes')).toBeVisible();
});

test("a location's schedule list shows its pending change and the fleet's upcoming changes", async () => {
  const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
  await graphqlAs(page, 'mutation($i: [ScheduleChangeInput!]!) { createScheduleChange(input: $i) { uuid } }', {
    i: [{ location: fridges[1], attribute: 'status', value: '"LIVE"', dateTime: when }],
  });
  await page.goto(url(`/locations/schedule/${fridges[1]}`));
  const list = page.getByRole('table', { name: `Scheduled changes of ${fridges[1]}` });
  await expect(list.getByText('status: LIVE')).toBeVisible();
  assert.ok((await list.innerText()).includes('PENDING'));
  const upcoming = page.getByRole('table', { name: 'Upcoming changes' });
  await expect(upcoming.getByRole('link', { name: fridges[1] })).toBeVisible();
});

test('a bulk schedule file previews current -> scheduled values and schedules the valid change', async () => {
  const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
  const file = await csvFile(
    `schedule-${stamp}.csv`,
    `location,attribute,value,dateTime,reason\n${fridges[0]},status,LIVE,${day} 08:15,\n`,
  );
  await page.goto(url('/locations/bulk_schedule'));
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Changes to schedule' });
  await eventually(async () => (await table.getByRole('img', { name: /^valid/ }).count()) === 1, {
    message: 'the dry run',
  });
  assert.ok((await table.innerText()).includes(`status at ${day} 08:15 CT: OFFLINE → LIVE`), await table.innerText());
  await page.getByRole('button', { name: 'Schedule changes' }).click();
  await expect(page.getByText('1 changes scheduled, 0 failed.')).toBeVisible();
  await page.goto(url(`/locations/schedule/${fridges[0]}`));
  await expect(
    page.getByRole('table', { name: `Scheduled changes of ${fridges[0]}` }).getByText('status: LIVE'),
  ).toBeVisible();
});

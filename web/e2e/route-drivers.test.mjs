// Browser test of route drivers (issue 38): the office sets, changes and
// clears a route's driver on View Routes (clearing asks first, issue 59), a
// stale change is refused with the server's words, the history shows each
// change, a user without AssignRoutes sees the driver read-only, and the Route
// drivers upload lands a CSV. A driver is a demo driver: only a user who holds
// the driver's actions may drive a route (issue 59; door-claims.test.mjs shows
// the refusal). Sets up its own fridge and stops on a date of its own.
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
  ownDateOf,
  readStack,
  scheduleStopsAs,
  setPermissionAs,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridge = `RDE2E_${stamp}`;
const ownDate = ownDateOf('route-drivers', stamp);
const [routeA, routeB] = [`drv-a-${stamp % 100000}`, `drv-b-${stamp % 100000}`];
/** A demo driver (seeded with the demo password, the admin's; holds FridgeTasks and VanTasks). */
const driver = { email: 'driver5@fleet.local' };

let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin);
  await createLocationAs(page, fridge);
  await scheduleStopsAs(page, crypto.randomUUID(), [
    { date: ownDate, market: 'MW', id: fridge, route: routeA, stop: 1 },
    { date: ownDate, market: 'MW', id: fridge, route: routeB, stop: 1, stockingIndex: 2 },
  ]);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

async function openDate(p) {
  await p.goto(url('/locations/view_routes'));
  await p.getByLabel('Date').fill(ownDate);
  await expect(p.getByRole('group', { name: `Driver of route ${routeA}` })).toBeVisible();
}

const driversOf = async () =>
  (
    await graphqlAs(page, 'query($d: String!) { routeAssignments(stockingDate: $d) { route driverEmail version } }', {
      d: ownDate,
    })
  ).routeAssignments;

/** The question before a route's driver is cleared: Remove driver answers it. */
async function confirmRemove(p, email, route) {
  const dialog = p.getByRole('alertdialog', { name: `Remove the driver of route ${route}?` });
  await expect(dialog.getByText(`Remove ${email} as the driver of route ${route} on`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove driver' }).click();
  await expect(dialog).not.toBeAttached();
}

test('the office sets, changes and clears a route driver, each change in its history', async () => {
  const { admin } = stack.users;
  await openDate(page);
  const shown = page.getByRole('group', { name: `Driver of route ${routeA}` });
  await expect(shown.getByText('No driver')).toBeVisible();

  await page.getByLabel(`Driver e-mail for route ${routeA}`).fill(driver.email);
  await page.getByRole('button', { name: `Save driver for route ${routeA}` }).click();
  await expect(shown.getByText(driver.email)).toBeVisible();
  await eventually(
    async () => (await driversOf()).some((d) => d.route === routeA && d.driverEmail === driver.email),
    'the driver stored',
  );

  // Someone else changes it meanwhile: this screen's version is stale, and the server says so.
  await graphqlAs(page, 'mutation($i: AssignRouteDriverInput!) { assignRouteDriver(input: $i) { version } }', {
    i: {
      stockingDate: ownDate,
      route: routeA,
      driverEmail: admin.email,
      expectedVersion: 1,
      requestId: crypto.randomUUID(),
    },
  });
  await page.getByLabel(`Driver e-mail for route ${routeA}`).fill('');
  await page.getByRole('button', { name: `Save driver for route ${routeA}` }).click();
  await confirmRemove(page, driver.email, routeA);
  await expect(page.getByText(/was changed by someone else meanwhile; reload the routes and try again/)).toBeVisible();
  // After reading again, the screen shows the other change, and clearing it now lands.
  await expect(shown.getByText(admin.email)).toBeVisible();
  await page.getByLabel(`Driver e-mail for route ${routeA}`).fill('');
  await page.getByRole('button', { name: `Save driver for route ${routeA}` }).click();
  await confirmRemove(page, admin.email, routeA);
  await expect(shown.getByText('No driver')).toBeVisible();
  assert.equal(
    (await driversOf()).some((d) => d.route === routeA),
    false,
  );

  await page.getByRole('button', { name: `Driver history of route ${routeA}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (const email of [driver.email, admin.email]) await expect(dialog.getByText(email).first()).toBeVisible();
  await page.keyboard.press('Escape');
});

test('an unknown e-mail is refused with the server message, and nothing is stored', async () => {
  await openDate(page);
  await page.getByLabel(`Driver e-mail for route ${routeB}`).fill('nobody@fleet.test');
  await page.getByRole('button', { name: `Save driver for route ${routeB}` }).click();
  await expect(page.getByText('No user has the e-mail nobody@fleet.test')).toBeVisible();
  assert.equal(
    (await driversOf()).some((d) => d.route === routeB),
    false,
  );
});

test('the Route drivers upload checks a CSV dry, then lands it', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-drivers-'));
  const file = path.join(dir, 'drivers.csv');
  await writeFile(
    file,
    `date,route,driverEmail\n${ownDate},${routeB},${driver.email}\nsomeday,${routeA},${driver.email}\n`,
  );
  await page.goto(url('/locations/update_route_drivers'));
  await expect(page.getByText('date, route, driverEmail').first()).toBeVisible();
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  await eventually(
    async () => (await page.getByRole('img', { name: /^invalid/ }).count()) === 1,
    'the dry run names the bad row',
  );
  await expect(page.getByRole('button', { name: 'Upload Drivers' }), 'an invalid row blocks').toBeDisabled();
  // Another file (the same path would not change the input).
  const good = path.join(dir, 'drivers-fixed.csv');
  await writeFile(good, `date,route,driverEmail\n${ownDate},${routeB},${driver.email}\n`);
  await page.getByLabel('CSV or Excel file').setInputFiles(good);
  await eventually(
    async () =>
      (await page.getByRole('img', { name: /^invalid/ }).count()) === 0 &&
      (await page.getByRole('img', { name: /^valid/ }).count()) === 1,
    'the dry run passes',
  );
  await page.getByRole('button', { name: 'Upload Drivers' }).click();
  await eventually(
    async () => (await driversOf()).some((d) => d.route === routeB && d.driverEmail === driver.email),
    'the upload landed',
  );
});

test('a user without AssignRoutes sees the driver but cannot change it', async () => {
  const { restricted } = stack.users;
  // Viewing routes for this test only; taken back whatever happens.
  await setPermissionAs(page, restricted.email, 'ViewRoutes');
  const other = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  try {
    await signIn(other, restricted);
    await openDate(other);
    await expect(other.getByRole('group', { name: `Driver of route ${routeB}` }).getByText(driver.email)).toBeVisible();
    await expect(other.getByLabel(`Driver e-mail for route ${routeB}`)).toBeDisabled();
    await expect(other.getByRole('button', { name: `Save driver for route ${routeB}` })).toBeDisabled();
  } finally {
    await other.context().close();
    await setPermissionAs(page, restricted.email, 'ViewRoutes', { remove: true });
  }
});

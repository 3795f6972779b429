// Browser test of route drivers (issue 38): the office sets, changes and
// clears a route's driver on View Routes, a stale change is refused with the
// server's words, the history shows each change, a user without AssignRoutes
// sees the driver read-only, and the Route drivers upload lands a CSV.
// Sets up its own fridge and stops on a date of its own.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createLocationAs,
  graphqlAs,
  launch,
  readStack,
  scheduleStopsAs,
  setPermissionAs,
  signIn,
  until,
} from './helpers.mjs';

const stamp = Date.now();
const fridge = `RDE2E_${stamp}`;
const ownDate = new Date(Date.UTC(2047, 0, 1) + (stamp % 3650) * 86_400_000).toISOString().slice(0, 10);
const [routeA, routeB] = [`drv-a-${stamp % 100000}`, `drv-b-${stamp % 100000}`];

let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

before(async () => {
  stack = readStack();
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin);
  await createLocationAs(page, fridge);
  await scheduleStopsAs(page, crypto.randomUUID(), [
    { date: ownDate, market: 'MW', id: fridge, route: routeA, stop: 1 },
    { date: ownDate, market: 'MW', id: fridge, route: routeB, stop: 1, stockingIndex: 2 },
  ]);
});

after(async () => {
  await browser?.close();
});

async function openDate(p) {
  await p.goto(url('/locations/view_routes'));
  await p.getByLabel('Date').fill(ownDate);
  await p.getByRole('group', { name: `Driver of route ${routeA}` }).waitFor();
}

const driversOf = async () =>
  (
    await graphqlAs(page, 'query($d: String!) { routeAssignments(stockingDate: $d) { route driverEmail version } }', {
      d: ownDate,
    })
  ).routeAssignments;

test('the office sets, changes and clears a route driver, each change in its history', async () => {
  const { admin, restricted } = stack.users;
  await openDate(page);
  const driver = page.getByRole('group', { name: `Driver of route ${routeA}` });
  await driver.getByText('No driver').waitFor();

  await page.getByLabel(`Driver e-mail for route ${routeA}`).fill(restricted.email);
  await page.getByRole('button', { name: `Save driver for route ${routeA}` }).click();
  await driver.getByText(restricted.email).waitFor();
  await until(
    async () => (await driversOf()).some((d) => d.route === routeA && d.driverEmail === restricted.email),
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
  await page.getByText(/was changed by someone else meanwhile; reload the routes and try again/).waitFor();
  // After reading again, the screen shows the other change, and clearing it now lands.
  await driver.getByText(admin.email).waitFor();
  await page.getByLabel(`Driver e-mail for route ${routeA}`).fill('');
  await page.getByRole('button', { name: `Save driver for route ${routeA}` }).click();
  await driver.getByText('No driver').waitFor();
  assert.equal(
    (await driversOf()).some((d) => d.route === routeA),
    false,
  );

  await page.getByRole('button', { name: `Driver history of route ${routeA}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  for (const email of [restricted.email, admin.email]) await dialog.getByText(email).first().waitFor();
  await page.keyboard.press('Escape');
});

test('an unknown e-mail is refused with the server message, and nothing is stored', async () => {
  await openDate(page);
  await page.getByLabel(`Driver e-mail for route ${routeB}`).fill('nobody@fleet.test');
  await page.getByRole('button', { name: `Save driver for route ${routeB}` }).click();
  await page.getByText('No user has the e-mail nobody@fleet.test').waitFor();
  assert.equal(
    (await driversOf()).some((d) => d.route === routeB),
    false,
  );
});

test('the Route drivers upload checks a CSV dry, then lands it', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-drivers-'));
  const file = path.join(dir, 'drivers.csv');
  const { restricted } = stack.users;
  await writeFile(
    file,
    `date,route,driverEmail\n${ownDate},${routeB},${restricted.email}\nsomeday,${routeA},${restricted.email}\n`,
  );
  await page.goto(url('/locations/update_route_drivers'));
  await page.getByText('date, route, driverEmail').first().waitFor();
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  await until(
    async () => (await page.getByRole('img', { name: /^invalid/ }).count()) === 1,
    'the dry run names the bad row',
  );
  assert.equal(await page.getByRole('button', { name: 'Upload Drivers' }).isDisabled(), true, 'an invalid row blocks');
  // Another file (the same path would not change the input).
  const good = path.join(dir, 'drivers-fixed.csv');
  await writeFile(good, `date,route,driverEmail\n${ownDate},${routeB},${restricted.email}\n`);
  await page.getByLabel('CSV or Excel file').setInputFiles(good);
  await until(
    async () =>
      (await page.getByRole('img', { name: /^invalid/ }).count()) === 0 &&
      (await page.getByRole('img', { name: /^valid/ }).count()) === 1,
    'the dry run passes',
  );
  await page.getByRole('button', { name: 'Upload Drivers' }).click();
  await until(
    async () => (await driversOf()).some((d) => d.route === routeB && d.driverEmail === restricted.email),
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
    await other
      .getByRole('group', { name: `Driver of route ${routeB}` })
      .getByText(restricted.email)
      .waitFor();
    assert.equal(await other.getByLabel(`Driver e-mail for route ${routeB}`).isDisabled(), true);
    assert.equal(await other.getByRole('button', { name: `Save driver for route ${routeB}` }).isDisabled(), true);
  } finally {
    await other.context().close();
    await setPermissionAs(page, restricted.email, 'ViewRoutes', { remove: true });
  }
});

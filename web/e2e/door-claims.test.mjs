// Browser test of issue 59, "A door opens only for the route's driver". Each test sets up its own fridge and route
// (a stop of today's stocking day, or of a date of its own for View Routes) over the API:
// - a driver's UnlockDoor at a stop of a route without a driver is refused in the server's words, and the office's
//   dashboard still shows the route without a driver;
// - a supervisor's scan leaves a free route free (no claim: View Routes still reads No driver);
// - a driver's scan claims a free route: the dashboard's Needs attention panel lists it as Route claimed with its
//   facts, the admin acknowledges it with a note, and it moves to Resolved today, taken by the admin;
// - View Routes refuses a user without the driver's actions as a route's driver, and stores nothing;
// - clearing a driver on View Routes asks first (Cancel keeps the driver, Remove driver clears it), then a toast says
//   what was saved.
// The demo drivers and the supervisor are seeded with the demo password (the admin's). A driver claims one route a
// day: the claim test takes the first demo driver who has not claimed one yet on this stack today.
import assert from 'node:assert/strict';
import {
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  ownDateOf,
  readStack,
  scheduleStopsAs,
  searchDashboard,
  settledStockingDay,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const tag = stamp % 1000000;
const date = await settledStockingDay();
/** A date of the test's own for View Routes (nobody acts on it). */
const ownDate = ownDateOf('door-claims', stamp);
/** A date as View Routes words it: MM/DD/YYYY. */
const usDate = (iso) => {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
};
/** Text matched as it is, in a RegExp. */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let stack;
let browser;
/** The admin's page: the office, and the API set-up. */
let page;
const url = (p) => new URL(p, stack.webUrl).toString();
const demoUser = (email) => ({ email, password: stack.users.admin.password });
const supervisorOf = (s) => s.users.supervisor ?? demoUser('supervisor@fleet.local');

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

/** A fridge of the test's own, stop 1 of a route of its own on `on` (today's stocking day unless told). */
async function ownStop(name, on = date) {
  const fridge = `DOOR_${stamp}_${name.toUpperCase()}`;
  const route = `e2e-door-${name}-${tag}`;
  await createLocationAs(page, fridge);
  await scheduleStopsAs(page, `door-${name}-${stamp}`, [{ date: on, market: 'MW', id: fridge, route, stop: 1 }]);
  return { fridge, route };
}

/** A page of its own context, signed in as `user` through the real form. */
async function pageOf(user) {
  const p = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(p, user);
  return p;
}

/** The route's driver on a day, as the server stores it (undefined when it has none). */
async function driverOf(route, on = date) {
  const { routeAssignments } = await graphqlAs(
    page,
    'query($d: String!) { routeAssignments(stockingDate: $d) { route driverEmail source } }',
    { d: on },
  );
  return routeAssignments.find((a) => a.route === route);
}

/** A driver's scan of a stop's packing slip (createDriverAction PackingSlipQuery), as the user signed in on `p`. */
const scan = (p, fridge, what) =>
  graphqlAs(p, 'mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id stockingDay } }', {
    input: {
      eventType: 'PackingSlipQuery',
      locationId: fridge,
      data: JSON.stringify({ packingSlipId: `slip-door-${what}-${stamp}`, stockingIndex: 1 }),
      requestId: `e2e-door-${what}-${stamp}`,
      occurredAt: new Date().toISOString(),
    },
  });

const panelOf = (p) => p.getByRole('region', { name: /^Needs attention/ });
const kindsOf = (p) => panelOf(p).getByRole('group', { name: 'Show items of a kind' });
const card = (p, route) => p.getByRole('region', { name: `Route ${route}`, exact: true });

/** Opens View Routes on a date and waits for a route's driver. */
async function openRoutes(p, on, route) {
  await p.goto(url('/locations/view_routes'));
  await p.getByLabel('Date').fill(on);
  await expect(p.getByRole('group', { name: `Driver of route ${route}` })).toBeVisible();
}

test("a driver's UnlockDoor on a route without a driver is refused, and the dashboard still shows no driver", async () => {
  const { fridge, route } = await ownStop('unlock');
  const driver = await pageOf(demoUser('driver4@fleet.local'));
  try {
    await assert.rejects(
      graphqlAs(driver, 'mutation($input: FridgeTaskInput!) { runFridgeTask(input: $input) { messageId state } }', {
        input: { locationId: fridge, task: 'UnlockDoor', requestId: `e2e-door-unlock-${stamp}` },
      }),
      (e) => {
        assert.equal(
          e.message,
          `Route ${route} has no driver yet. Scan the stop first, or ask the office to assign it.`,
        );
        assert.equal(e.errorType, 'Forbidden');
        return true;
      },
    );
  } finally {
    await driver.context().close();
  }
  assert.equal(await driverOf(route), undefined, 'the door call claimed nothing');

  // The office's dashboard: the route's card reads No driver yet, and nothing was claimed.
  await searchDashboard(page, date, [route]);
  const routeCard = card(page, route);
  await expect(routeCard).toBeVisible();
  const collapse = routeCard.getByRole('button', { name: `Collapse route ${route}` });
  const expand = routeCard.getByRole('button', { name: `Expand route ${route}` });
  await expect(collapse.or(expand)).toBeVisible();
  if (await collapse.isVisible()) await collapse.click();
  await expect(routeCard.getByText('No driver yet', { exact: true })).toBeVisible();
  await expect(kindsOf(page).getByRole('button', { name: 'Route claimed: 0', exact: true })).toBeVisible();
});

test("a supervisor's scan leaves a free route free", async () => {
  const { fridge, route } = await ownStop('super');
  const supervisor = await pageOf(supervisorOf(stack));
  try {
    const out = await scan(supervisor, fridge, 'super');
    assert.equal(out.createDriverAction.stockingDay, date, 'the scan falls in the stocking day under test');
  } finally {
    await supervisor.context().close();
  }
  assert.equal(await driverOf(route), undefined, 'the supervisor is not the route’s driver');

  // The dashboard shows the scan at the stop, and no claim of the route.
  await searchDashboard(page, date, [route]);
  const routeCard = card(page, route);
  await expect(routeCard).toBeVisible();
  const expand = routeCard.getByRole('button', { name: `Expand route ${route}` });
  if (await expand.isVisible()) await expand.click();
  const row = routeCard.getByRole('row', { name: `Stop 1 ${fridge}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/In Progress/).first()).toBeVisible();
  // The supervisor is shown as who acted, marked as not the route's driver; the card reads No driver yet.
  assert.match(await row.innerText(), /not the assignee/, 'the supervisor is not the route’s driver');
  await routeCard.getByRole('button', { name: `Collapse route ${route}` }).click();
  await expect(routeCard.getByText('No driver yet', { exact: true })).toBeVisible();
  const panel = panelOf(page);
  await expect(kindsOf(page).getByRole('button', { name: 'Route claimed: 0', exact: true })).toBeVisible();
  await expect(panel.getByText(/route claimed by/)).toHaveCount(0);

  // View Routes: the route still has no driver.
  await openRoutes(page, date, route);
  await expect(
    page.getByRole('group', { name: `Driver of route ${route}` }).getByText('No driver', { exact: true }),
  ).toBeVisible();
});

test("a driver's claim is a Route claimed item, acknowledged by the office with a note", async () => {
  const { fridge, route } = await ownStop('claim');
  // A driver claims one route a day: the first demo driver free to claim (driver6 is attention-kinds.test.mjs's).
  let email = null;
  for (const candidate of [1, 2, 3, 4, 5].map((n) => `driver${n}@fleet.local`)) {
    const driver = await pageOf(demoUser(candidate));
    try {
      const out = await scan(driver, fridge, 'claim');
      assert.equal(out.createDriverAction.stockingDay, date, 'the scan falls in the stocking day under test');
      email = candidate;
      break;
    } catch (e) {
      if (!/^You already claimed route .+ today\. Ask the office to assign route /.test(e.message)) throw e;
    } finally {
      await driver.context().close();
    }
  }
  assert.ok(email, 'a demo driver who has not claimed a route today');
  const stored = await driverOf(route);
  assert.deepEqual(stored, { route, driverEmail: email, source: 'claim' }, 'the scan claimed the route');

  await searchDashboard(page, date, [route]);
  await expect(card(page, route)).toBeVisible();
  const panel = panelOf(page);
  const kinds = kindsOf(page);
  await kinds.getByRole('button', { name: 'Route claimed: 1', exact: true }).click();
  const list = panel.getByRole('list', { name: 'Open items: Route claimed' });
  await expect(list).toBeVisible();
  const item = list.getByRole('listitem');
  await expect(item).toHaveCount(1);
  const facts = new RegExp(
    `route claimed by ${literal(email)} at \\d\\d:\\d\\d: PackingSlipQuery at ${literal(fridge)}`,
  );
  const text = await item.innerText();
  assert.match(text, /Route claimed/);
  assert.match(text, new RegExp(`Route ${route}`));
  assert.match(text, facts);

  // Acknowledged with a note: it ends, and moves to Resolved today, taken by the admin.
  const name = `Acknowledge Route claimed on route ${route}`;
  await panel.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  assert.match(await dialog.innerText(), facts, 'the dialog states the facts');
  const note = `Asked ${email} to drive it today: e2e ${stamp}`;
  await dialog.getByRole('textbox', { name: /Note/ }).fill(note);
  await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(dialog).not.toBeAttached();
  await expect(kinds.getByRole('button', { name: 'Route claimed: 0', exact: true })).toBeVisible();
  await expect(list).not.toBeAttached();
  await panel.locator('summary', { hasText: /^Resolved today/ }).click();
  const resolved = panel.getByRole('list', { name: 'Resolved today' }).getByRole('listitem').filter({ hasText: facts });
  const taken = new RegExp(`taken by .+ at \\d\\d:\\d\\d: ${literal(note)}`);
  await expect(resolved.getByText(taken)).toBeVisible();
  assert.match(await resolved.innerText(), /Ended: acknowledged by .+ at \d\d:\d\d/);
  await expect(resolved.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);

  // The server agrees; the driver still drives the route they claimed.
  const { stockingDashboard } = await graphqlAs(
    page,
    `query($filter: StockingDashboardFilter!) { stockingDashboard(filter: $filter) {
      attention { open { kind } resolved { kind taken endedHow } }
    } }`,
    { filter: { dropOffDate: date, routes: [route] } },
  );
  assert.equal(stockingDashboard.attention.open.filter((i) => i.kind === 'ROUTE_CLAIMED').length, 0);
  const ended = stockingDashboard.attention.resolved.find((i) => i.kind === 'ROUTE_CLAIMED');
  assert.ok(ended, 'the Route claimed item is resolved');
  assert.match(ended.taken, taken);
  assert.match(ended.endedHow, /^acknowledged by /);
  await openRoutes(page, date, route);
  await expect(
    page
      .getByRole('group', { name: `Driver of route ${route}` })
      .getByText(`Driver: ${email} (claimed by the driver)`, { exact: true }),
  ).toBeVisible();
});

test('View Routes refuses a user without the driver’s actions as a driver, and stores nothing', async () => {
  const { route } = await ownStop('refuse', ownDate);
  const { restricted } = stack.users;
  await openRoutes(page, ownDate, route);
  const shown = page.getByRole('group', { name: `Driver of route ${route}` });
  await expect(shown.getByText('No driver', { exact: true })).toBeVisible();
  await page.getByLabel(`Driver e-mail for route ${route}`).fill(restricted.email);
  await page.getByRole('button', { name: `Save driver for route ${route}` }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText: `${restricted.email} cannot drive a route: they do not hold the driver's actions (FridgeTasks, VanTasks).`,
    }),
  ).toBeVisible();
  assert.equal(await driverOf(route, ownDate), undefined, 'nothing stored');
  assert.equal(await shown.innerText(), 'No driver');
});

test('clearing a driver on View Routes asks first: Cancel keeps the driver, Remove driver clears it', async () => {
  const { route } = await ownStop('clear', ownDate);
  const email = 'driver3@fleet.local';
  await openRoutes(page, ownDate, route);
  const shown = page.getByRole('group', { name: `Driver of route ${route}` });
  const field = page.getByLabel(`Driver e-mail for route ${route}`);
  const save = page.getByRole('button', { name: `Save driver for route ${route}` });

  // Set: the toast says who drives it now.
  await field.fill(email);
  await save.click();
  await expect(
    page.getByText(`${email} now drives route ${route} on ${usDate(ownDate)}.`, { exact: true }),
  ).toBeVisible();
  await expect(shown.getByText(`Driver: ${email}`, { exact: true })).toBeVisible();
  assert.equal((await driverOf(route, ownDate))?.driverEmail, email);

  // Cleared and saved: a question first, its focus on the safe answer; Cancel keeps the driver.
  await field.fill('');
  await save.click();
  const dialog = page.getByRole('alertdialog', { name: `Remove the driver of route ${route}?` });
  await expect(
    dialog.getByText(
      `Remove ${email} as the driver of route ${route} on ${usDate(ownDate)}? The route will have no driver.`,
      { exact: true },
    ),
  ).toBeVisible();
  const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
  await eventually(() => cancel.evaluate((el) => el === document.activeElement), 'the focus on Cancel');
  await cancel.click();
  await expect(dialog).not.toBeAttached();
  await expect(shown.getByText(`Driver: ${email}`, { exact: true })).toBeVisible();
  assert.equal((await driverOf(route, ownDate))?.driverEmail, email, 'Cancel keeps the driver');

  // Again, and Remove driver: the route has no driver, and the toast says so.
  await save.click();
  await dialog.getByRole('button', { name: 'Remove driver', exact: true }).click();
  await expect(
    page.getByText(`Route ${route} on ${usDate(ownDate)} has no driver now.`, { exact: true }),
  ).toBeVisible();
  await expect(dialog).not.toBeAttached();
  await expect(shown.getByText('No driver', { exact: true })).toBeVisible();
  assert.equal(await driverOf(route, ownDate), undefined, 'the driver cleared');
});

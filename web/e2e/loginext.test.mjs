// Browser test of LogiNext (2-fleet §2.7): two fridges of a fulfillment center of its
// own get route stops on a date of its own (the route upload's dry run and commit).
// Then the screen: the dates and the center are chosen, Sync opens the confirmation
// listing them, the sync is confirmed and toasted, and the job is seen finished in the
// recent syncs, its stops moved onto the routing stub's planned route. A run inside
// 17:30-17:50 Central asserts the disabled Sync and its tooltip instead. On a page of its
// own with a fake clock, the window is said beside Sync and counted down before it starts.
import assert from 'node:assert/strict';
import {
  central,
  closeContexts,
  createLocationAs,
  expect,
  graphqlAs,
  ownDateOf,
  readStack,
  scheduleStopsAs,
  signIn,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const center = `E2E Kitchen ${stamp}`;
const fridges = [`LNXE2E_${stamp}_A`, `LNXE2E_${stamp}_B`];
const route = `e2e-lnx-${stamp % 1_000_000}`;
// A date of its own, far from the other tests' dates (the rules only forbid dates before today).
const date = ownDateOf('loginext', stamp);
const BLOCKED = 'All LogiNext routes are being synced. Please try again after 5:50pm CT.';
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

/** Whether now is inside the window (17:30 up to 17:50 on the Central wall clock). */
const inWindow = () => central().minutes >= 17 * 60 + 30 && central().minutes < 17 * 60 + 50;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  await signIn(page, stack.users.admin);
  const coords = [
    ['41.9000', '-87.6000'],
    ['41.8000', '-87.7000'],
  ];
  for (const [i, id] of fridges.entries()) {
    await createLocationAs(page, id, { fulfillmentCenter: center, latitude: coords[i][0], longitude: coords[i][1] });
  }
  await scheduleStopsAs(
    page,
    `lnx-stops-${stamp}`,
    fridges.map((id, i) => ({ date, market: 'MW', id, route, stop: i + 1 })),
  );
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('a sync goes through the confirmation and its job is seen finished (or Sync waits out the window)', async () => {
  await page.goto(url('/loginext'));
  await expect(page.getByRole('heading', { level: 1, name: 'LogiNext' })).toBeVisible();
  await page.getByLabel('Drop Off Start Date').fill(date);
  await page.getByLabel('Drop Off End Date').fill(date);
  const find = page.getByLabel('Find a fulfillment center');
  if (await find.count()) await find.fill(center);
  // Amplify's checkbox input is covered by its label: click the label, as a user does.
  await page.locator('label', { hasText: center }).click();
  await expect(page.getByRole('checkbox', { name: center, exact: true })).toBeChecked();
  const sync = page.getByRole('button', { name: 'Sync', exact: true });

  if (inWindow()) {
    await expect(sync, 'Sync is disabled inside the window').toBeDisabled();
    assert.equal(await page.getByTestId('sync-wrapper').getAttribute('title'), BLOCKED);
    await expect(page.getByText(BLOCKED).first()).toBeVisible();
    return;
  }
  await sync.click();
  const dialog = page.getByRole('alertdialog', { name: 'Sync LogiNext routes?' });
  await expect(dialog.getByText(`Drop off dates: ${date} to ${date}`)).toBeVisible();
  assert.equal((await dialog.getByRole('list', { name: 'Chosen fulfillment centers' }).innerText()).trim(), center);
  await dialog.getByRole('button', { name: 'Sync', exact: true }).click();
  await expect(
    page
      .getByText(
        "LogiNext syncing has been initiated successfully, but it's still in progress. It may take some time to complete.",
      )
      .first(),
  ).toBeVisible();

  // The recent syncs refresh while the job runs; it ends Done (in words) with both stops moved.
  const jobRow = page.getByRole('row', { name: new RegExp(`^Sync of ${date} to ${date} started`) });
  await expect(jobRow.first()).toContainText(/\bDone\b|\bFailed\b/, { useInnerText: true, timeout: 60_000 });
  const text = await jobRow.first().innerText();
  assert.match(text, /\bDone\b/, `the job finished: ${text}`);
  assert.doesNotMatch(text, /\bDONE\b/, 'the state in words, not its raw name');
  assert.match(text, new RegExp(center));

  const { locationRoutes } = await graphqlAs(
    page,
    'query E2eLnxRoutes($d: String!) { locationRoutes(stockingDate: $d) { routes { id route stop } } }',
    { d: date },
  );
  const mine = locationRoutes.routes.filter((s) => fridges.includes(s.id));
  assert.equal(mine.length, 2, JSON.stringify(mine));
  assert.ok(
    mine.every((s) => s.route.startsWith('ln-e2e-kitchen-')),
    `on the planned route: ${JSON.stringify(mine)}`,
  );
});

/** The last 17:22:30 Central before now: a past instant, so the session's tokens stay valid. */
function lastCountdownStart() {
  const now = Date.now();
  for (let t = now - (now % 60_000); t > now - 2 * 86_400_000; t -= 60_000) {
    const c = central(new Date(t));
    if (c.minutes === 17 * 60 + 22) return new Date(t + 30_000);
  }
  throw new Error('no 17:22 Central in the last two days');
}

test('the window is said beside Sync, counted down in its last ten minutes, then Sync waits (issue 43)', async () => {
  const own = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  try {
    own.setDefaultTimeout(TIMEOUT_MS);
    await own.clock.install({ time: lastCountdownStart() });
    await signIn(own, stack.users.admin, { webUrl: stack.webUrl, path: '/loginext' });
    await expect(own.getByRole('heading', { level: 1, name: 'LogiNext' })).toBeVisible();
    const sync = own.getByRole('button', { name: 'Sync', exact: true });
    const NOTE = 'No sync can start from 5:30pm to 5:50pm CT, while all LogiNext routes are being synced.';
    const note = own.getByTestId('sync-window-note');
    await expect(note.getByText(/^Syncs stop in 7:\d\d\./)).toBeVisible();
    assert.match(await note.innerText(), new RegExp(`${NOTE.replace(/[.()]/g, '\\$&')}$`));
    assert.match(await sync.getAttribute('aria-describedby'), /.+/);
    // A minute later it has counted down.
    await own.clock.runFor(60_000);
    await expect(note.getByText(/^Syncs stop in 6:\d\d\./)).toBeVisible();
    // At 17:30 the window starts: Sync is disabled and the spec's message replaces the note.
    await own.clock.runFor(7 * 60_000);
    await expect(own.getByText(BLOCKED).first()).toBeVisible();
    await expect(sync).toBeDisabled();
    assert.equal(await own.getByTestId('sync-wrapper').getAttribute('title'), BLOCKED);
    await expect(note).toHaveCount(0);
  } finally {
    await own.context().close();
  }
});

// Browser test of a supervisor's correction of a stocked record (issue 38). Sets up its own fridge
// and route on today's stocking day (the 18:00 Central window), records a LocationStocked through
// createDriverAction, then the stack's stocking supervisor signs in through the real form, voids
// the stop's stocked record on the Stocking Real-Time Dashboard with a reason, and the row is no
// longer Completed while the stop's stocked history shows the reason. The dialog is checked with axe.
import assert from 'node:assert/strict';
import {
  axeFindings,
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  readStack,
  scheduleStopsAs,
  settleAnimations,
  settledStockingDay,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridge = `STKC_${stamp}`;
const route = `e2e-stkc-${stamp % 1000000}`;
const reason = `Not stocked: e2e ${stamp}`;

const date = await settledStockingDay();

let stack;
let browser;
/** The admin's page: sets up the data through the API. */
let admin;
/** The supervisor's page: the screen under test. */
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

/** The stack's stocking supervisor (seeded with the demo password, the admin's). */
const supervisorOf = (s) => s.users.supervisor ?? { email: 'supervisor@fleet.local', password: s.users.admin.password };

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  admin = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(admin, stack.users.admin);
  await createLocationAs(admin, fridge);
  await scheduleStopsAs(admin, `stkc-${stamp}`, [{ date, market: 'MW', id: fridge, route, stop: 1 }]);
  const out = await graphqlAs(
    admin,
    'mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id stockingDay } }',
    {
      input: {
        eventType: 'LocationStocked',
        locationId: fridge,
        data: JSON.stringify({ stockingIndex: 1, temperature: 37.5 }),
        requestId: `e2e-stkc-${stamp}`,
        occurredAt: new Date().toISOString(),
      },
    },
  );
  assert.equal(out.createDriverAction.stockingDay, date, 'the action falls in the stocking day under test');
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, supervisorOf(stack), { path: '/reports/checkpoints' });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const card = () => page.getByRole('region', { name: `Route ${route}`, exact: true });
const row = () => card().getByRole('row', { name: `Stop 1 ${fridge}` });

test("the supervisor voids a stop's stocked record with a reason, and its history shows it", async () => {
  // The supervisor may not list route stops: the first search lists the day's routes, then one is chosen.
  await page.goto(url('/reports/checkpoints'));
  await expect(page.getByRole('heading', { level: 1, name: 'Stocking Real-Time Dashboard' })).toBeVisible();
  const updateFilters = page.getByRole('button', { name: 'Update Route Filters' });
  if (await updateFilters.isVisible()) await updateFilters.click();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/^As of \d{4}-\d\d-\d\d/)).toBeVisible();
  await updateFilters.click();
  await page.getByRole('form', { name: 'Dashboard filters' }).getByText(route, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: route, exact: true }), 'the route is chosen').toBeChecked();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row().getByText('Completed', { exact: true })).toBeVisible();
  const rowFindings = await axeFindings(page, 'main');
  assert.deepEqual(rowFindings, [], `the dashboard: serious/critical axe findings:\n${rowFindings.join('\n')}`);

  await row()
    .getByRole('button', { name: `Correct stocked of ${fridge}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Correct stocked record of ${fridge}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Void' }), 'Void is the default').toBeChecked();
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save, 'no reason, no Save').toBeDisabled();
  await dialog.getByLabel('Reason').fill(reason);
  await expect(save, 'a reason, then Save').toBeEnabled();
  await settleAnimations(save);
  const findings = await axeFindings(page, 'dialog[open]');
  assert.deepEqual(findings, [], `the correction dialog: serious/critical axe findings:\n${findings.join('\n')}`);
  await save.click();

  await expect(page.getByRole('status').filter({ hasText: `Stocked record of ${fridge} voided` })).toBeVisible();
  await expect(dialog).not.toBeAttached();
  await eventually(async () => {
    const text = await row().innerText();
    return !/\bCompleted\b/.test(text);
  }, 'the row is no longer Completed');
  assert.equal(
    await row()
      .getByRole('button', { name: `Correct stocked of ${fridge}` })
      .count(),
    0,
    'nothing left to correct',
  );

  await row()
    .getByRole('button', { name: `Stocked history of ${fridge}` })
    .click();
  const history = page.getByRole('dialog', { name: `Stocked history of ${fridge} on ${date}` });
  const list = history.getByRole('list', { name: `Stocked history of ${fridge}` });
  await expect(list.getByText(reason, { exact: false }).first()).toBeVisible();
  assert.match(await list.innerText(), new RegExp(`${supervisorOf(stack).email}|Sam Okafor`));
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(history).not.toBeAttached();

  // The server agrees: the stop is no longer stocked.
  const { stockedHistory } = await graphqlAs(
    admin,
    'query($d: String!, $l: ID!) { stockedHistory(stockingDay: $d, locationId: $l, stockingIndex: 1) { items { changes { reason } } } }',
    { d: date, l: fridge },
  );
  assert.equal(stockedHistory.items.length, 1);
  assert.equal(stockedHistory.items[0].changes[0].reason, reason);
});

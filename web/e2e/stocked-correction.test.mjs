// Browser test of a supervisor's correction of a stocked record (issue 38). Sets up its own fridge
// and route on today's stocking day (the 18:00 Central window), records a LocationStocked through
// createDriverAction, then the stack's stocking supervisor signs in through the real form, voids
// the stop's stocked record on the Stocking Real-Time Dashboard with a reason, and the row is no
// longer Completed while the stop's stocked history shows the reason. The dialog is checked with axe.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  axeFindings,
  createLocationAs,
  graphqlAs,
  launch,
  readStack,
  scheduleStopsAs,
  settleAnimations,
  settledStockingDay,
  signIn,
  until,
} from './helpers.mjs';

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

before(async () => {
  stack = readStack();
  browser = await launch();
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

after(async () => {
  await browser?.close();
});

const card = () => page.getByRole('region', { name: `Route ${route}`, exact: true });
const row = () => card().getByRole('row', { name: `Stop 1 ${fridge}` });

test("the supervisor voids a stop's stocked record with a reason, and its history shows it", async () => {
  // The supervisor may not list route stops: the first search lists the day's routes, then one is chosen.
  await page.goto(url('/reports/checkpoints'));
  await page.getByRole('heading', { level: 1, name: 'Stocking Real-Time Dashboard' }).waitFor();
  const updateFilters = page.getByRole('button', { name: 'Update Route Filters' });
  if (await updateFilters.isVisible()) await updateFilters.click();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText(/^As of \d{4}-\d\d-\d\d/).waitFor();
  await updateFilters.click();
  await page.getByRole('form', { name: 'Dashboard filters' }).getByText(route, { exact: true }).click();
  assert.ok(await page.getByRole('checkbox', { name: route, exact: true }).isChecked(), 'the route is chosen');
  await page.getByRole('button', { name: 'Search' }).click();
  await row().getByText('Completed', { exact: true }).waitFor();
  const rowFindings = await axeFindings(page, 'main');
  assert.deepEqual(rowFindings, [], `the dashboard: serious/critical axe findings:\n${rowFindings.join('\n')}`);

  await row()
    .getByRole('button', { name: `Correct stocked of ${fridge}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Correct stocked record of ${fridge}` });
  await dialog.waitFor();
  assert.ok(await dialog.getByRole('radio', { name: 'Void' }).isChecked(), 'Void is the default');
  const save = dialog.getByRole('button', { name: 'Save' });
  assert.equal(await save.isDisabled(), true, 'no reason, no Save');
  await dialog.getByLabel('Reason').fill(reason);
  assert.equal(await save.isDisabled(), false, 'a reason, then Save');
  await settleAnimations(save);
  const findings = await axeFindings(page, 'dialog[open]');
  assert.deepEqual(findings, [], `the correction dialog: serious/critical axe findings:\n${findings.join('\n')}`);
  await save.click();

  await page
    .getByRole('status')
    .filter({ hasText: `Stocked record of ${fridge} voided` })
    .waitFor();
  await dialog.waitFor({ state: 'detached' });
  await until(async () => {
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
  await list.getByText(reason, { exact: false }).first().waitFor();
  assert.match(await list.innerText(), new RegExp(`${supervisorOf(stack).email}|Sam Okafor`));
  await history.getByRole('button', { name: 'Close' }).click();
  await history.waitFor({ state: 'detached' });

  // The server agrees: the stop is no longer stocked.
  const { stockedHistory } = await graphqlAs(
    admin,
    'query($d: String!, $l: ID!) { stockedHistory(stockingDay: $d, locationId: $l, stockingIndex: 1) { items { changes { reason } } } }',
    { d: date, l: fridge },
  );
  assert.equal(stockedHistory.items.length, 1);
  assert.equal(stockedHistory.items[0].changes[0].reason, reason);
});

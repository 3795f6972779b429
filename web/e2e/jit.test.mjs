// Browser test of JIT Management (2-fleet §2.6, §4.6): two fridges of its own get
// orders on a date of their own through the pars upload's calls (POST /pars/dry-run,
// then uploadParMaps with the chunks it answers): one a JIT order (its rows say jit,
// delivery date = drop-off date), one not. Both get route stops on that date (the
// route upload's dry run and commit). Then the screen: the order without JIT shows N
// and is locked; the JIT one is turned Off with the reason 'Van Issue', confirmed,
// toasted, and shows N, locked, updated by the admin.
import assert from 'node:assert/strict';
import {
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  ownDateOf,
  readStack,
  restAs,
  scheduleStopsAs,
  signIn,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const jitFridge = `JITE2E_${stamp}_A`;
const plainFridge = `JITE2E_${stamp}_B`;
// Route ids are stored lower-case.
const route = `e2e-jit-${stamp % 1_000_000}`;
// A date of its own, far from today and from the other tests' dates: the test passes at any hour.
const date = ownDateOf('jit', stamp);
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

/** The orders, as the pars upload makes them: the dry run groups the rows, uploadParMaps writes each chunk. */
async function uploadPars() {
  const uploadId = `jit-e2e-${stamp}`;
  const par = (location, item, par, jit) => ({
    location,
    dropOffDate: date,
    // JIT needs the delivery date to be the drop-off date.
    deliveryDate: date,
    stockingIndex: '',
    item,
    par: String(par),
    overCapacityAmount: '0',
    jit: String(jit),
    priorityBoost: '',
  });
  const values = [
    par(jitFridge, 'Greek Salad', 6, true),
    par(jitFridge, 'Kettle Chips', 2, false),
    par(plainFridge, 'Greek Salad', 4, false),
  ];
  const rows = values.map((v, i) => ({ row: i + 2, values: v }));
  const dry = await restAs(page, 'POST', '/pars/dry-run', { uploadId, fileName: `${uploadId}.csv`, rows });
  assert.equal(dry.status, 200, JSON.stringify(dry.body));
  const invalid = dry.body.rows.filter((r) => r.status === 'invalid');
  assert.deepEqual(invalid, [], 'every par row is valid');
  assert.ok(dry.body.chunks?.length, `the dry run answers the orders to send: ${JSON.stringify(dry.body)}`);
  for (const groups of dry.body.chunks) {
    const { uploadParMaps } = await graphqlAs(
      page,
      'mutation E2eJitPars($uploadId: ID!, $groups: [ParGroupInput!]!) { uploadParMaps(uploadId: $uploadId, groups: $groups) { success results { key status messages } } }',
      { uploadId, groups },
    );
    assert.equal(uploadParMaps.success, true, JSON.stringify(uploadParMaps));
  }
}

/** Both fridges on one route of the date: the JIT fridge stop 1, the other stop 2. */
async function uploadStops() {
  const stops = [
    [jitFridge, 1],
    [plainFridge, 2],
  ];
  await scheduleStopsAs(
    page,
    `jit-stops-${stamp}`,
    stops.map(([id, stop]) => ({ date, market: 'NE', id, route, stop })),
  );
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  await signIn(page, stack.users.admin);
  // The pars upload needs a routed fridge (routing tag, fulfillment center, parking instructions).
  for (const id of [jitFridge, plainFridge]) {
    await createLocationAs(page, id, {
      routingTag: 'CHI',
      fulfillmentCenter: 'Chicago Kitchen',
      parkToFridgeInstructions: 'Dock B',
      route: 'chi-09',
    });
  }
  await uploadPars();
  await uploadStops();
});

test.afterAll(async () => {
  await closeContexts(browser);
});

/** A row's name on the screen: location, route and stop. */
const rowName = (id, stop) => `${id} (route ${route}, stop ${stop})`;
const table = () => page.getByRole('table', { name: `Route stops of ${date}` });
const row = (id, stop) => table().getByRole('row', { name: rowName(id, stop), exact: true });
const select = (id, stop) => page.getByRole('checkbox', { name: `Select ${rowName(id, stop)}`, exact: true });
const statusOf = (id, stop) =>
  page.getByRole('combobox', { name: `Change JIT Status of ${rowName(id, stop)}`, exact: true });
const reasonOf = (id, stop) => page.getByRole('combobox', { name: `Reason of ${rowName(id, stop)}`, exact: true });

const HEADERS = [
  'Select',
  'Region',
  'Route ID',
  'Location ID',
  'Stop #',
  'JIT Enabled?',
  'Change JIT Status',
  'Reason',
  'Updated By',
];
const cell = async (id, stop, header) =>
  (await row(id, stop).getByRole('cell').nth(HEADERS.indexOf(header)).innerText()).trim();

/** Opens the screen on the test's date, narrowed to its own fridges. */
async function search() {
  await page.goto(url('/jit-management'));
  await expect(page.getByRole('heading', { level: 1, name: 'JIT Management' })).toBeVisible();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `JIT Management for ${date}` })).toBeVisible();
  await expect(table()).toBeVisible();
  // Other tests may route stops on the same date: the filters keep this test's own.
  await page.getByRole('group', { name: 'Region' }).getByText('NE', { exact: true }).click();
  await page.getByLabel('Search by Location ID').fill(`jite2e_${stamp}`);
  await expect(page.getByText(/^2 of \d+ route stops$/)).toBeVisible();
}

test('an order without JIT shows N and is locked; turning a JIT stop Off with a reason locks it', async () => {
  await search();
  await expect(page.getByRole('button', { name: 'Bulk Update' }), 'no row checked yet').toBeDisabled();

  // The order whose rows never said jit: N, locked, the reason as its tooltip.
  assert.equal(await cell(plainFridge, 2, 'JIT Enabled?'), 'N');
  await expect(select(plainFridge, 2), 'a JIT N row is locked').toBeDisabled();
  assert.equal(await select(plainFridge, 2).getAttribute('title'), 'JIT is not enabled (N)');
  await expect(statusOf(plainFridge, 2)).toBeDisabled();
  // Said in the row too, not only as a tooltip (issue 43).
  assert.equal(await cell(plainFridge, 2, 'Reason'), 'Locked: JIT is not enabled (N)');

  // The JIT order: Y, open to change.
  assert.equal(await cell(jitFridge, 1, 'JIT Enabled?'), 'Y');
  assert.equal(await cell(jitFridge, 1, 'Region'), 'NE');
  await expect(select(jitFridge, 1)).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Update JIT' }), 'nothing changed yet').toBeDisabled();
  await statusOf(jitFridge, 1).selectOption('Off');
  await reasonOf(jitFridge, 1).selectOption('Van Issue');

  await page.getByRole('button', { name: 'Update JIT' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Update JIT' });
  await expect(confirm.getByText(/^1 row to update\./)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully updated JIT status for 1 element(s)')).toBeVisible();
  assert.equal(
    await page.getByRole('alertdialog', { name: 'Some JIT statuses were not updated' }).count(),
    0,
    'no row failed',
  );

  // The refetched row: JIT N, locked as updated, by the admin.
  await eventually(async () => (await cell(jitFridge, 1, 'JIT Enabled?')) === 'N', 'the JIT row shows N');
  await expect(select(jitFridge, 1), 'the updated row is locked').toBeDisabled();
  assert.equal(await select(jitFridge, 1).getAttribute('title'), 'JIT status already updated');
  await expect(statusOf(jitFridge, 1)).toHaveValue('Off');
  await expect(reasonOf(jitFridge, 1)).toHaveValue('Van Issue');
  assert.equal((await cell(jitFridge, 1, 'Updated By')).toLowerCase(), stack.users.admin.email.toLowerCase());
  await expect(page.getByRole('button', { name: 'Update JIT' }), 'nothing left to send').toBeDisabled();

  // A fresh load shows the same from the server.
  await search();
  assert.equal(await cell(jitFridge, 1, 'JIT Enabled?'), 'N');
  await expect(select(jitFridge, 1)).toBeDisabled();
  assert.equal(await cell(plainFridge, 2, 'JIT Enabled?'), 'N');
  await expect(select(plainFridge, 2)).toBeDisabled();
});

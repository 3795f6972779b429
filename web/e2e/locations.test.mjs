// Browser tests of the locations screens (@playwright/test).
// Run against a running stack: npx playwright test e2e/locations.test.mjs
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closeContexts,
  createLocationAs,
  eventually,
  expect,
  graphqlAs,
  readStack,
  signIn,
  test,
} from './fixtures.mjs';
import { xlsx } from './xlsx.mjs';

test.describe.configure({ mode: 'serial' });

const here = path.dirname(fileURLToPath(import.meta.url));
const stamp = Date.now();
const createdId = `E2E_${stamp}`;

let stack;
let browser;
let context;
let page;

/** Polls `fn` until it returns a truthy value (or stops throwing). */

/**
 * An instant as wall time `YYYY-MM-DDTHH:MM` in an IANA zone, written here
 * independently of the app's own conversion so the test can catch it wrong.
 */
function wallTimeIn(date, timeZone) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Fridge wall time `ms` from now: what the schedule dialog takes, whatever the browser's zone. */
const fridgeDateTime = (ms, timeZone) => wallTimeIn(new Date(Date.now() + ms), timeZone);

const url = (p) => new URL(p, stack.webUrl).toString();
const valueOf = (field, on = page) => on.locator(`[data-testid="value-${field}"]`);

/** A fridge-time label with its time, as the screen prints it: `2026-11-25 18:00 CT`. */
const FRIDGE_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2} (CT|ET|MT|PT)/;

// --- API helpers: each test sets up its own location through the API -----------------------

/** Creates a location and returns its id, version and time zone. */
const createLocationViaApi = (on, id, overrides = {}) =>
  createLocationAs(on, id, overrides, 'id version timeZone timeZoneLabel timeZoneIana');

/** An edit made behind the screen's back (no version: an unconditional write, as scripts do). */
async function updateLocationViaApi(on, input) {
  const data = await graphqlAs(
    on,
    'mutation E2eUpdate($input: AWSJSON!) { updateLocation(input: $input) { id version } }',
    {
      input: JSON.stringify({ source: 'e2e API helper', ...input }),
    },
  );
  return data.updateLocation;
}

async function getLocationViaApi(on, id) {
  const data = await graphqlAs(on, 'query E2eGet($id: ID!) { getLocation(id: $id) { id percentage route version } }', {
    id,
  });
  return data.getLocation[0];
}

async function scheduledViaApi(on, id) {
  const data = await graphqlAs(
    on,
    `query E2eScheduled($filter: ScheduleChangeFilter!) {
      readScheduleChange(filter: $filter) { uuid actionTime localActionTime timeZoneLabel status change { attribute value } }
    }`,
    { filter: { id } },
  );
  return data.readScheduleChange;
}

async function deleteScheduledViaApi(on, change) {
  await graphqlAs(
    on,
    'mutation E2eDelete($input: DeleteScheduleChangeInput!) { deleteScheduleChange(input: $input) }',
    {
      input: { uuid: change.uuid, actionTime: change.actionTime },
    },
  );
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = await readStack();
  browser = workerBrowser;
  context = await browser.newContext({ timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, stack.users.admin);
});

test.afterAll(async () => {
  await context?.close().catch(() => {});
  await closeContexts(browser);
});

test('create a location, land on its detail page and edit a field', async () => {
  await page.goto(url('/locations/new'));
  const form = page.getByRole('form', { name: 'New location' });
  await expect(form).toBeVisible();
  await form.getByLabel('id', { exact: true }).fill(createdId);
  await form.getByLabel('prettyName', { exact: true }).fill(`E2E fridge ${stamp}`);
  await form.getByLabel('street', { exact: true }).fill('233 S Wacker Dr');
  await form.getByLabel('city', { exact: true }).fill('Chicago');
  await form.getByLabel('zipCode', { exact: true }).fill('60606');
  await form.getByLabel('latitude', { exact: true }).fill('41.8789');
  await form.getByLabel('longitude', { exact: true }).fill('-87.6359');
  await form.getByLabel('directions', { exact: true }).fill('Lobby, east wall');
  await form.getByLabel('onlineDate', { exact: true }).fill('2026-03-01');
  await form.getByLabel('layoutName', { exact: true }).selectOption('dummy');
  await form.getByRole('button', { name: 'Create', exact: true }).click();

  await page.waitForURL((u) => u.pathname === `/locations/detail/${createdId}`);
  await eventually(async () => (await valueOf('percentage').textContent())?.trim() === '0', {
    message: 'percentage 0 on the new location',
  });

  await page.getByRole('button', { name: 'Edit percentage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
  await dialog.getByLabel('percentage', { exact: true }).fill('55');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully updated').first()).toBeVisible();
  await eventually(async () => (await valueOf('percentage').textContent())?.trim() === '55', {
    message: 'percentage 55',
  });
});

test('schedule a change and complete it now', async () => {
  await page.goto(url(`/locations/detail/${createdId}`));
  await expect(valueOf('percentage')).toBeVisible();
  const row = page.locator('tr[data-field="percentage"]');
  await expect(row.getByText('No Scheduled Changes')).toBeVisible();

  await page.getByRole('button', { name: 'Edit percentage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
  await dialog.getByLabel('percentage', { exact: true }).fill('42');
  // A new location is in Central time (timeZone CHICAGO by default): the picker takes Chicago time.
  await dialog.getByLabel('Date and time (CT)').fill(fridgeDateTime(60 * 60 * 1000, 'America/Chicago'));
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).not.toBeAttached();

  await expect(row.getByText('Scheduled Changes:')).toBeVisible();
  const change = row.getByRole('button', { name: /^Scheduled change of percentage .* to 42$/ });
  await expect(change).toBeVisible();
  assert.equal((await valueOf('percentage').textContent())?.trim(), '55');

  await change.click();
  const prompt = page.getByRole('alertdialog', { name: 'How would you like to proceed?' });
  await prompt.getByRole('button', { name: 'Complete Now' }).click();
  await expect(page.getByText('The change will be applied in a few seconds')).toBeVisible();
  // Due 5 s ahead, its wake-up applies it then (the scheduler's minute run is not asked for): the page, watching the
  // location, shows the new value without a reload, well before the next minute's run could.
  await expect(valueOf('percentage')).toHaveText('42', { timeout: 15_000 });
  await expect(row.getByText('No Scheduled Changes')).toBeVisible();
});

test("schedule in the fridge's time: the list shows the wall time entered, with the zone label", async () => {
  const id = `E2E_TZ_${stamp}`;
  const made = await createLocationViaApi(page, id, {
    street: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
    latitude: '40.71',
    longitude: '-74.01',
    timeZone: 'NEWYORK',
  });
  assert.equal(made.timeZoneLabel, 'ET');

  // A browser far from the fridge: what is typed and shown must still be New York time.
  const tokyo = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  try {
    const p = await tokyo.newPage();
    p.setDefaultTimeout(15_000);
    await signIn(p, stack.users.admin, { webUrl: stack.webUrl, path: `/locations/detail/${id}` });
    if (new URL(p.url()).pathname !== `/locations/detail/${id}`) await p.goto(url(`/locations/detail/${id}`));
    // The route is empty on a new location, so wait for its row rather than its (blank) value.
    const row = p.locator('tr[data-field="route"]');
    await expect(row.getByText('No Scheduled Changes')).toBeVisible();

    // 18:00 in New York a week ahead (never in a daylight-saving gap).
    const day = fridgeDateTime(7 * 24 * 60 * 60 * 1000, 'America/New_York').slice(0, 10);
    await p.getByRole('button', { name: 'Edit route' }).click();
    const dialog = p.getByRole('dialog', { name: 'Edit route' });
    await dialog.getByLabel('route', { exact: true }).fill('ne-e2e');
    await dialog.getByLabel('Date and time (ET)').fill(`${day}T18:00`);
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(dialog).not.toBeAttached();

    const change = row.getByRole('button', {
      name: `Scheduled change of route at ${day} 18:00 ET to ne-e2e`,
      exact: true,
    });
    await expect(change).toBeVisible();
    assert.equal((await change.textContent())?.trim(), `${day} 18:00 ET: ne-e2e`);

    // The server stored the instant of that New York wall time.
    const [stored] = (await scheduledViaApi(p, id)).filter((c) => c.change.attribute === 'route');
    assert.equal(stored.localActionTime, `${day} 18:00`);
    assert.equal(stored.timeZoneLabel, 'ET');
    assert.equal(stored.status, 'PENDING');
    assert.equal(wallTimeIn(new Date(stored.actionTime), 'America/New_York'), `${day}T18:00`);

    await deleteScheduledViaApi(p, stored);
  } finally {
    await tokyo.close().catch(() => {});
  }
});

test('History lists an edit made here, newest first, in fridge time, with Load more', async () => {
  const id = `E2E_HIST_${stamp}`;
  await createLocationViaApi(page, id);
  await page.goto(url(`/locations/detail/${id}`));
  await eventually(async () => (await valueOf('percentage').textContent())?.trim() === '0', {
    message: 'percentage 0',
  });

  const history = page.getByRole('region', { name: 'History' });
  const records = history.getByTestId('history-record');
  await eventually(async () => (await records.count()) === 1, { message: 'the create record' });
  assert.match(await records.first().textContent(), /Create location form/);

  await page.getByRole('button', { name: 'Edit percentage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
  await dialog.getByLabel('percentage', { exact: true }).fill('33');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully updated').first()).toBeVisible();

  await eventually(async () => (await records.count()) === 2, { message: 'the edit in the history' });
  const newest = await records.first().textContent();
  assert.match(newest, /percentage: 0 → 33/);
  assert.match(newest, /Location detail/);
  assert.ok(newest.includes(stack.users.admin.email), newest);
  assert.match(newest, new RegExp(`^${FRIDGE_TIME.source}`));
  assert.match(await records.nth(1).textContent(), /Create location form/);

  // 25 more writes: the history now spans two pages of 25.
  for (let i = 0; i < 25; i += 1) await updateLocationViaApi(page, { id, route: `e2e-${i}` });
  await page.reload();
  await eventually(async () => (await records.count()) === 25, { timeout: 20_000, message: 'a first page of 25' });
  assert.match(await records.first().textContent(), /route: e2e-23 → e2e-24/);
  assert.match(await records.first().textContent(), /e2e API helper/);
  await history.getByRole('button', { name: 'Load more' }).click();
  await eventually(async () => (await records.count()) === 27, { timeout: 20_000, message: 'the second page' });
  assert.match(await records.nth(25).textContent(), /percentage: 0 → 33/);
  assert.match(await records.nth(26).textContent(), /Create location form/);
  await expect(history.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a stale edit is refused with who changed the location, and the screen reloads it', async () => {
  const id = `E2E_STALE_${stamp}`;
  await createLocationViaApi(page, id);
  await page.goto(url(`/locations/detail/${id}`));
  await eventually(async () => (await valueOf('percentage').textContent())?.trim() === '0', {
    message: 'percentage 0',
  });

  await page.getByRole('button', { name: 'Edit percentage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
  // Someone changes the location after the screen loaded it.
  await updateLocationViaApi(page, { id, route: 'changed-meanwhile' });
  await dialog.getByLabel('percentage', { exact: true }).fill('44');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'This location was changed by' });
  await expect(alert.first()).toBeVisible();
  const message = (await alert.first().textContent()) ?? '';
  assert.match(
    message,
    /This location was changed by \S+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} CT\. Reload to see the change\./,
  );
  assert.ok(message.includes(stack.users.admin.email), message);
  await expect(page.getByText('Successfully updated')).toHaveCount(0);

  // Nothing was written, and the screen reloaded the location with the other change.
  await eventually(async () => (await valueOf('route').textContent())?.trim() === 'changed-meanwhile', {
    message: 'the reloaded route',
  });
  assert.equal((await valueOf('percentage').textContent())?.trim(), '0');
  assert.equal((await getLocationViaApi(page, id)).percentage, 0);
});

test('bulk import: valid rows are created and leave the table, invalid rows stay', async () => {
  const template = await readFile(path.join(here, 'fixtures', 'import-5.csv'), 'utf8');
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-import-'));
  const file = path.join(dir, `import-${stamp}.csv`);
  await writeFile(file, template.replaceAll('{TS}', String(stamp)));

  await page.goto(url('/locations/bulk_new'));
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Locations to import' });
  const bodyRows = table.locator('tbody tr');
  await eventually(async () => (await bodyRows.count()) === 5, { message: '5 preview rows' });
  // The server's dry run decides each row's status.
  await eventually(async () => (await table.getByRole('img', { name: /^valid/ }).count()) === 3, {
    message: '3 valid after the dry run',
  });
  await expect(table.getByRole('img', { name: /^invalid/ })).toHaveCount(2);

  await page.getByRole('button', { name: 'Create new locations' }).click();
  await eventually(async () => (await bodyRows.count()) === 2, { timeout: 20_000, message: '2 rows left' });
  const left = await bodyRows.allTextContents();
  assert.ok(
    left.some((t) => t.includes('Missing Id')),
    'the row without POS_NAME__c stays',
  );
  assert.ok(
    left.some((t) => t.includes(`E2E_IMP_${stamp}_5`)),
    'the office-hours row stays',
  );
});

test('bulk import reads an Excel file: the server checks its rows and creates the valid one', async () => {
  const header = [
    'POS_NAME__c',
    'Fridge_State__c',
    'Fridge_City__c',
    'Fridge_Street__c',
    'Fridge_Zipcode__c',
    'Sales_Tax_Rate__c',
    'Vertical__c',
    'Consumer_Friendly_Location__c',
    'Consumer_Friendly_NAme__c',
    'Access_Type__c',
    'Stocking_Date__c',
    'MALongitude__c',
    'MALatitude__c',
    'Business_Hours__c',
  ];
  const id = `E2E_XLSX_${stamp}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-import-'));
  const file = path.join(dir, `import-${stamp}.xlsx`);
  await writeFile(
    file,
    xlsx([
      header,
      [
        id,
        'IL',
        'Chicago',
        '1 Excel Way',
        '60601',
        '2.25',
        'Business & Industry',
        'Lobby',
        'Excel Lobby',
        'Public',
        '2026-03-02',
        '-87.63',
        '41.88',
        '24 Hours',
      ],
      [
        `${id}_B`,
        'IL',
        'Chicago',
        '2 Excel Way',
        '60601',
        '2.25',
        'Office',
        'Lobby',
        'Office Hours',
        'Private',
        '2026-03-02',
        '-87.63',
        '41.88',
        'Mon-Fri',
      ],
    ]),
  );

  await page.goto(url('/locations/bulk_new'));
  await page.getByLabel('CSV or Excel file').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Locations to import' });
  await eventually(async () => (await table.getByRole('img', { name: /^valid/ }).count()) === 1, {
    message: 'the Excel row checked valid',
  });
  await expect(table.getByRole('img', { name: /^invalid/ })).toHaveCount(1);
  await expect(
    page.getByRole('list', { name: 'Invalid rows' }).getByText('Row 3: Only 24 Hours fridges are supported'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Create new locations' }).click();
  await eventually(async () => (await table.locator('tbody tr').count()) === 1, {
    timeout: 20_000,
    message: 'the created row left',
  });
  const [created] = (await graphqlAs(page, 'query($id: ID!) { getLocation(id: $id) { id vertical accessTo } }', { id }))
    .getLocation;
  assert.deepEqual(created, { id, vertical: 'B&I', accessTo: 'Public' });
});

test('filter the locations list', async () => {
  await page.goto(url('/locations/all'));
  await expect(page.getByRole('heading', { name: 'Locations', exact: true })).toBeVisible();
  const filter = page.getByLabel('Filter fridges');
  const list = page.getByRole('table', { name: 'Locations' });

  await filter.fill('chi_000');
  await eventually(async () => (await list.getByRole('row', { name: 'CHI_0001', exact: true }).count()) === 1, {
    timeout: 20_000,
    message: 'CHI_0001 in the filtered list',
  });
  const names = await list
    .locator('tbody tr[aria-label]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.ok(names.length > 0);
  for (const n of names) assert.match(n, /CHI_000/i);

  // The new location is OFFLINE (the default); choosing OFFLINE also loads OFFLINE locations on demand.
  await page.getByLabel('Status', { exact: true }).selectOption('OFFLINE');
  await filter.fill(createdId.toLowerCase());
  await eventually(async () => (await list.getByRole('row', { name: createdId, exact: true }).count()) === 1, {
    timeout: 20_000,
    message: `${createdId} in the filtered list`,
  });
  const item = list.getByRole('row', { name: createdId, exact: true });
  assert.equal(
    await item.getByRole('link', { name: `Details of ${createdId}` }).getAttribute('href'),
    `/locations/detail/${createdId}`,
  );
});

test("the list's filters live in its address: Back from a location's screen, or a reload, finds them as left", async () => {
  await page.goto(url('/locations/all'));
  const list = page.getByRole('table', { name: 'Locations' });
  await page.getByLabel('Status', { exact: true }).selectOption('OFFLINE');
  await page.getByLabel('Filter fridges').fill(createdId.toLowerCase());
  await expect(list.getByRole('row', { name: createdId, exact: true })).toHaveCount(1, { timeout: 20_000 });
  await expect(page).toHaveURL(/[?&]status=OFFLINE/);

  await list.getByRole('link', { name: `Details of ${createdId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/detail/${createdId}$`));
  await page.goBack();
  await expect(page.getByLabel('Filter fridges')).toHaveValue(createdId.toLowerCase());
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('OFFLINE');
  await expect(list.getByRole('row', { name: createdId, exact: true })).toHaveCount(1, { timeout: 20_000 });

  // A reload, or the address shared: the same list, OFFLINE locations loaded for it.
  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('OFFLINE');
  await expect(list.getByRole('row', { name: createdId, exact: true })).toHaveCount(1, { timeout: 20_000 });
  // A cleared filter leaves the address.
  await page.getByLabel('Status', { exact: true }).selectOption('');
  await expect(page).not.toHaveURL(/status=/);
});

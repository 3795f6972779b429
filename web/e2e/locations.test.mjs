// Browser tests of the locations screens (node:test + playwright-core).
// Run against a running stack: node --test e2e/locations.test.mjs
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, readStack, signIn } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const stamp = Date.now();
const createdId = `E2E_${stamp}`;

let stack;
let browser;
let context;
let page;

/** Polls `fn` until it returns a truthy value (or stops throwing). */
async function eventually(fn, { timeout = 10_000, interval = 250, message = 'condition' } = {}) {
  const end = Date.now() + timeout;
  let last;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v) return v;
      last = new Error(`${message}: got ${JSON.stringify(v)}`);
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, interval));
  }
  throw new Error(`Timed out waiting for ${message}: ${last?.message ?? ''}`);
}

/** datetime-local text (browser local time) `ms` from now. */
function localDateTime(ms) {
  const d = new Date(Date.now() + ms);
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const url = (p) => new URL(p, stack.webUrl).toString();
const valueOf = (field) => page.locator(`[data-testid="value-${field}"]`);

before(async () => {
  stack = await readStack();
  browser = await launch();
  context = await browser.newContext({ timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page, stack.users.admin);
});

after(async () => {
  await context?.close().catch(() => {});
  await browser?.close().catch(() => {});
});

test('create a location, land on its detail page and edit a field', async () => {
  await page.goto(url('/locations/new'));
  const form = page.getByRole('form', { name: 'New location' });
  await form.waitFor();
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
  await page.getByText('Successfully updated').first().waitFor();
  await eventually(async () => (await valueOf('percentage').textContent())?.trim() === '55', {
    message: 'percentage 55',
  });
});

test('schedule a change and complete it now', async () => {
  await page.goto(url(`/locations/detail/${createdId}`));
  await valueOf('percentage').waitFor();
  const row = page.locator('tr[data-field="percentage"]');
  await row.getByText('No Scheduled Changes').waitFor();

  await page.getByRole('button', { name: 'Edit percentage' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
  await dialog.getByLabel('percentage', { exact: true }).fill('42');
  await dialog.getByLabel('Schedule for').fill(localDateTime(60 * 60 * 1000));
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });

  await row.getByText('Scheduled Changes:').waitFor();
  const change = row.getByRole('button', { name: /^Scheduled change of percentage .* to 42$/ });
  await change.waitFor();
  assert.equal((await valueOf('percentage').textContent())?.trim(), '55');

  await change.click();
  const prompt = page.getByRole('alertdialog', { name: 'How would you like to proceed?' });
  await prompt.getByRole('button', { name: 'Complete Now' }).click();
  await eventually(async () => (await valueOf('percentage').textContent())?.trim() === '42', {
    timeout: 15_000,
    message: 'percentage 42 after Complete Now',
  });
});

test('bulk import: valid rows are created and leave the table, invalid rows stay', async () => {
  const template = await readFile(path.join(here, 'fixtures', 'import-5.csv'), 'utf8');
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-import-'));
  const file = path.join(dir, `import-${stamp}.csv`);
  await writeFile(file, template.replaceAll('{TS}', String(stamp)));

  await page.goto(url('/locations/bulk_new'));
  await page.getByLabel('CSV file').setInputFiles(file);
  const table = page.getByRole('table', { name: 'Locations to import' });
  const bodyRows = table.locator('tbody tr');
  await eventually(async () => (await bodyRows.count()) === 5, { message: '5 preview rows' });
  assert.equal(await table.getByRole('img', { name: /^valid/ }).count(), 3);
  assert.equal(await table.getByRole('img', { name: /^invalid/ }).count(), 2);

  await page.getByRole('button', { name: 'Create new locations' }).click();
  await eventually(async () => (await bodyRows.count()) === 2, { timeout: 20_000, message: '2 rows left' });
  const left = await bodyRows.allTextContents();
  assert.ok(left.some((t) => t.includes('Missing Id')), 'the row without POS_NAME__c stays');
  assert.ok(left.some((t) => t.includes(`E2E_IMP_${stamp}_5`)), 'the office-hours row stays');
});

test('filter the locations list', async () => {
  await page.goto(url('/locations/all'));
  await page.getByRole('heading', { name: 'Locations', exact: true }).waitFor();
  const filter = page.getByLabel('Filter fridges');
  const list = page.getByRole('list', { name: 'Locations' });

  await filter.fill('chi_000');
  await eventually(async () => (await list.getByRole('listitem', { name: 'CHI_0001', exact: true }).count()) === 1, {
    timeout: 20_000,
    message: 'CHI_0001 in the filtered list',
  });
  const names = await list.getByRole('listitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.ok(names.length > 0);
  for (const n of names) assert.match(n, /CHI_000/i);

  // The new location is OFFLINE (the default); choosing OFFLINE also loads OFFLINE locations on demand.
  await page.getByLabel('Status', { exact: true }).selectOption('OFFLINE');
  await filter.fill(createdId.toLowerCase());
  await eventually(async () => (await list.getByRole('listitem', { name: createdId, exact: true }).count()) === 1, {
    timeout: 20_000,
    message: `${createdId} in the filtered list`,
  });
  const item = list.getByRole('listitem', { name: createdId, exact: true });
  assert.equal(
    await item.getByRole('link', { name: `Details of ${createdId}` }).getAttribute('href'),
    `/locations/detail/${createdId}`,
  );
});

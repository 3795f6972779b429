// Browser test of item prices (spec 3-planning §2, §4, §5, §8): a price file
// with an invalid row (Submit blocked, invalid rows downloaded), fixed and
// submitted; then the download of one schema and 'All Schemas' as CSV. Uses
// schemas of its own.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeContexts, expect, graphqlAs, readStack, signIn, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const schema = `E2E_${Date.now()}`;
let stack;
let browser;
let page;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true })).newPage();
  await signIn(page, stack.users.admin);
  const prices = [
    { schemaId: schema, item: 'COLD_BREW', price: '3.5', line: 2 },
    { schemaId: schema, item: 'WRAP', price: '6', line: 3 },
  ];
  await graphqlAs(
    page,
    'mutation E2ePrices($uploadId: ID!, $fileName: String!, $prices: [ItemPriceInput!]!) { updateItemPrices(uploadId: $uploadId, fileName: $fileName, prices: $prices) { message } }',
    { uploadId: `e2e-${Date.now()}`, fileName: 'e2e.csv', prices },
  );
});

test.afterAll(async () => {
  await closeContexts(browser);
});

async function downloaded(choice) {
  await page.getByLabel('Schema').selectOption(choice);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download prices' }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('downloads one schema and All Schemas as CSV', async () => {
  await page.goto(new URL('/item-prices-landing', stack.webUrl).toString());
  await expect(page.getByRole('option', { name: schema })).toBeAttached();
  const one = await downloaded(schema);
  assert.match(one.name, new RegExp(`^item-prices-${schema}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  assert.deepEqual(one.text.trim().split(/\r?\n/), [
    'schemaId,item,price',
    `${schema},COLD_BREW,3.50`,
    `${schema},WRAP,6.00`,
  ]);
  await expect(page.getByText('Downloaded 2 prices.')).toBeVisible();

  const all = await downloaded('All Schemas');
  assert.match(all.name, /^item-prices-all-schemas-/);
  assert.ok(all.text.includes(`${schema},WRAP,6.00`));
  assert.ok(all.text.trim().split(/\r?\n/).length > 3, 'other schemas too');
});

async function csv(name, text) {
  const f = path.join(await mkdtemp(path.join(tmpdir(), 'fleet-prices-')), name);
  await writeFile(f, text);
  return f;
}

test('a price file with an invalid row is blocked, its invalid rows download, and the fixed file updates', async () => {
  const own = `${schema}_UP`;
  await page.goto(new URL('/csv-pricing', stack.webUrl).toString());
  const picker = page.getByLabel('Price file');
  await picker.setInputFiles(
    await csv('bad.csv', `schemaId,item,price\n${own},KOMBUCHA,4.29\n${own},cold brew,3.999\n`),
  );
  const table = page.getByRole('table', { name: 'Price preview' });
  await expect(
    table.getByText(
      'item must contain only uppercase letters, digits or underscores; price must be a number of at least 0 with at most 2 decimals',
    ),
  ).toBeVisible();
  assert.match(await table.innerText(), /2\s+Will Update\s+\S+\s+KOMBUCHA\s+4\.29\s+New item/);
  await expect(page.getByRole('button', { name: /^Submit/ })).toBeDisabled();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download invalid rows' }).click(),
  ]);
  const invalid = (await readFile(await file.path(), 'utf8')).trim().split(/\r?\n/);
  assert.equal(invalid.length, 2);
  assert.match(invalid[1], new RegExp(`^${own},cold brew,3\\.999,`));

  await picker.setInputFiles(
    await csv('good.csv', `schemaId,item,price\n${own},KOMBUCHA,4.29\n${own},COLD_BREW,3.99\n`),
  );
  await expect(table.getByText('COLD_BREW')).toBeVisible();
  await page.getByRole('button', { name: 'Submit (2 updates)' }).click();
  const done = page.getByRole('alertdialog', { name: 'Success' });
  await expect(done.getByText('Successfully updated 2 item prices.')).toBeVisible();
  await done.getByRole('button', { name: 'Close' }).click();

  await picker.setInputFiles(await csv('same.csv', `schemaId,item,price\n${own},KOMBUCHA,4.29\n`));
  await expect(page.getByText('No Updates Needed')).toBeVisible();
});

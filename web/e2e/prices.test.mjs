// Browser test of the item price download (spec 3-planning §2, §8): one
// schema and 'All Schemas' as CSV, with prices this test sets up itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { graphqlAs, launch, readStack, signIn } from './helpers.mjs';

const schema = `E2E_${Date.now()}`;
let stack;
let browser;
let page;

before(async () => {
  stack = readStack();
  browser = await launch();
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

after(async () => {
  await browser?.close();
});

async function downloaded(choice) {
  await page.getByLabel('Schema').selectOption(choice);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download prices' }).click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('downloads one schema and All Schemas as CSV', async () => {
  await page.goto(new URL('/item-prices-landing', stack.webUrl).toString());
  await page.getByRole('option', { name: schema }).waitFor({ state: 'attached' });
  const one = await downloaded(schema);
  assert.match(one.name, new RegExp(`^item-prices-${schema}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  assert.deepEqual(one.text.trim().split(/\r?\n/), ['schemaId,item,price', `${schema},COLD_BREW,3.50`, `${schema},WRAP,6.00`]);
  await page.getByText('Downloaded 2 prices.').waitFor();

  const all = await downloaded('All Schemas');
  assert.match(all.name, /^item-prices-all-schemas-/);
  assert.ok(all.text.includes(`${schema},WRAP,6.00`));
  assert.ok(all.text.trim().split(/\r?\n/).length > 3, 'other schemas too');
});

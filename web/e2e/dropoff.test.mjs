// Browser test of the Drop Off Summary (2-fleet §2.5, §4.5): its own two
// fridges get pars on a date of their own through the pars upload (their
// packing slips are made with the orders), then a bulk override of both rows
// to Not Delivering, the toast, and the locks. A fridge is never offered Complete.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocationAs, launch, readStack, signIn } from './helpers.mjs';

const stamp = Date.now();
const fridges = [`DROPE2E_${stamp}_A`, `DROPE2E_${stamp}_B`];
const date = new Date(Date.UTC(2070, 0, 1) + (stamp % 3650) * 86_400_000).toISOString().slice(0, 10);
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

async function uploadPars() {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-drop-'));
  const file = path.join(dir, 'pars.csv');
  const header = 'location,dropOffDate,deliveryDate,stockingIndex,item,par,overCapacityAmount,jit,priorityBoost';
  const rows = fridges.map((id) => `${id},${date},${date},,Greek Salad,6,1,false,`);
  await writeFile(file, [header, ...rows].join('\n') + '\n');
  await page.goto(url('/pars/upload'));
  const picker = page.getByLabel('CSV file');
  await picker.waitFor({ timeout: 30_000 });
  await picker.setInputFiles(file);
  await page.getByRole('table', { name: 'Pars to upload' }).waitFor();
  await page.getByRole('button', { name: 'Upload Pars' }).click();
  await page.getByText('Upload Complete').waitFor();
}

before(async () => {
  stack = readStack();
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin);
  // The pars upload needs a routed fridge (routing tag, fulfillment center, parking instructions).
  for (const id of fridges) {
    await createLocationAs(page, id, {
      routingTag: 'CHI',
      fulfillmentCenter: 'Chicago Kitchen',
      parkToFridgeInstructions: 'Dock B',
      route: 'chi-09',
    });
  }
  await uploadPars();
});

after(async () => {
  await browser?.close();
});

const table = () => page.getByRole('table', { name: `Drops of ${date}` });
const select = (id) => page.getByRole('checkbox', { name: new RegExp(`^Select ${id} `) });

test('a bulk override of two fridge rows records Not Delivering and locks them', async () => {
  await page.goto(url('/reports/dropoffsummary'));
  await page.getByRole('heading', { level: 1, name: 'Drop Off Summary' }).waitFor();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { name: `Drop Off Summary for ${date}` }).waitFor();
  await table().waitFor();
  await page.getByText('Unconfirmed drops: 2').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Bulk Update' }).isDisabled(), true, 'no row checked yet');
  // A fridge cannot be set to Complete: it is not offered.
  const status = page.getByRole('combobox', { name: new RegExp(`^Drop Status of ${fridges[0]} `) });
  assert.deepEqual(await status.locator('option').allTextContents(), ['Pending', 'Not Delivering']);

  for (const id of fridges) await select(id).check();
  await page.getByRole('button', { name: 'Bulk Update' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk Update' });
  await bulk.getByLabel('Drop Status').selectOption('Not Delivering');
  await bulk.getByLabel('Reason').selectOption('Missing Totes');
  await bulk.getByRole('button', { name: 'Apply' }).click();

  await page.getByRole('button', { name: 'Confirm Override' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm Override' });
  await confirm.getByText('2 orders to update.').waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Successfully updated drop status for 2 element(s)').waitFor();

  await page.getByText('Unconfirmed drops: 0').waitFor();
  for (const id of fridges) {
    assert.equal(await select(id).isDisabled(), true, `${id} is locked`);
    const row = table().getByRole('row', { name: new RegExp(`^${id} `) });
    assert.ok((await row.innerText()).includes(stack.users.admin.email), 'Created By names the admin');
  }
  assert.equal(await page.getByRole('button', { name: 'Confirm Override' }).isDisabled(), true);

  // A reload shows the recorded statuses from the server.
  await page.reload();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('Unconfirmed drops: 0').waitFor();
  assert.equal(await select(fridges[1]).isDisabled(), true);
});

// Browser test of the Drop Off Summary (2-fleet §2.5, §4.5): its own two
// fridges get pars on a date of their own through the pars upload (their
// packing slips are made with the orders), then a bulk override of both rows
// to Not Delivering, the toast, and the locks. A fridge is never offered Complete.
// A third fridge on a second date of its own: overridden, then reverted by a
// supervisor (the admin holds RevertDropOverride) with a reason, and its history.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminPage, createLocationAs, launch, readStack } from './helpers.mjs';

const stamp = Date.now();
const fridges = [`DROPE2E_${stamp}_A`, `DROPE2E_${stamp}_B`];
const reverted = `DROPE2E_${stamp}_C`;
const date = new Date(Date.UTC(2070, 0, 1) + (stamp % 3650) * 86_400_000).toISOString().slice(0, 10);
const revertDate = new Date(Date.UTC(2080, 0, 1) + (stamp % 3650) * 86_400_000).toISOString().slice(0, 10);
let stack;
let browser;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();

async function uploadPars(ids, date) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-drop-'));
  const file = path.join(dir, 'pars.csv');
  const header = 'location,dropOffDate,deliveryDate,stockingIndex,item,par,overCapacityAmount,jit,priorityBoost';
  const rows = ids.map((id) => `${id},${date},${date},,Greek Salad,6,1,false,`);
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
  page = await adminPage(browser, stack);
  // The pars upload needs a routed fridge (routing tag, fulfillment center, parking instructions).
  for (const id of [...fridges, reverted]) {
    await createLocationAs(page, id, {
      routingTag: 'CHI',
      fulfillmentCenter: 'Chicago Kitchen',
      parkToFridgeInstructions: 'Dock B',
      route: 'chi-09',
    });
  }
  await uploadPars(fridges, date);
  await uploadPars([reverted], revertDate);
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

test('a supervisor reverts a recorded drop status with a reason, and the history shows both', async () => {
  await page.goto(url('/reports/dropoffsummary'));
  await page.getByLabel('Drop Off Date').fill(revertDate);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { name: `Drop Off Summary for ${revertDate}` }).waitFor();
  await page.getByText('Unconfirmed drops: 1').waitFor();
  const status = page.getByRole('combobox', { name: new RegExp(`^Drop Status of ${reverted} `) });
  await status.selectOption('Not Delivering');
  await page.getByRole('combobox', { name: new RegExp(`^Reason of ${reverted} `) }).selectOption('Line Haul Delay');
  await page.getByRole('button', { name: 'Confirm Override' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Override' }).getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Unconfirmed drops: 0').waitFor();

  const slip = `${revertDate}#${reverted}#1`;
  await page.getByRole('button', { name: `Revert ${slip}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revert drop status' });
  assert.equal(await dialog.getByRole('button', { name: 'Revert to Pending' }).isDisabled(), true, 'a reason first');
  await dialog.getByLabel('Reason').fill('Truck came back with the order');
  await dialog.getByRole('button', { name: 'Revert to Pending' }).click();
  await page.getByText(`Drop status of ${slip} reverted to Pending`).waitFor();
  await page.getByText('Unconfirmed drops: 1').waitFor();
  assert.equal(await status.isDisabled(), false, 'the row is unlocked');

  await page.getByRole('button', { name: `History of ${slip}` }).click();
  const history = page.getByRole('list', { name: `Drop status history of ${slip}` });
  await history.waitFor();
  const items = await history.getByRole('listitem').allInnerTexts();
  assert.equal(items.length, 2, items.join(' | '));
  assert.ok(
    items[0].includes('Not Delivering (Line Haul Delay) → Pending') && items[0].includes('Truck came back'),
    items[0],
  );
  assert.ok(items[1].includes('Pending → Not Delivering (Line Haul Delay)'), items[1]);
});

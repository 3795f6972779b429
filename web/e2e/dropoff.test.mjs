// Browser test of the Drop Off Summary (2-fleet §2.5, §4.5): its own two
// fridges get pars on a date of their own through the pars upload (their
// packing slips are made with the orders), then a bulk override of both rows
// to Not Delivering, the toast, and the locks. A fridge is never offered Complete.
// A third fridge on a second date of its own: overridden, then reverted by a
// supervisor (the admin holds RevertDropOverride) with a reason, and its history.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminPage, closeContexts, createLocationAs, expect, ownDateOf, readStack, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridges = [`DROPE2E_${stamp}_A`, `DROPE2E_${stamp}_B`];
const reverted = `DROPE2E_${stamp}_C`;
const date = ownDateOf('dropoff', stamp);
const revertDate = ownDateOf('dropoff-revert', stamp);
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
  await expect(picker).toBeVisible({ timeout: 30_000 });
  await picker.setInputFiles(file);
  await expect(page.getByRole('table', { name: 'Pars to upload' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload Pars' }).click();
  await expect(page.getByText('Upload Complete')).toBeVisible();
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
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

test.afterAll(async () => {
  await closeContexts(browser);
});

const table = () => page.getByRole('table', { name: `Drops of ${date}` });
const select = (id) => page.getByRole('checkbox', { name: new RegExp(`^Select ${id} `) });

test('a bulk override of two fridge rows records Not Delivering and locks them', async () => {
  await page.goto(url('/reports/dropoffsummary'));
  await expect(page.getByRole('heading', { level: 1, name: 'Drop Off Summary' })).toBeVisible();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `Drop Off Summary for ${date}` })).toBeVisible();
  await expect(table()).toBeVisible();
  await expect(page.getByText('Unconfirmed drops: 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Update' }), 'no row checked yet').toBeDisabled();
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
  await expect(confirm.getByText('2 orders to update.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Successfully updated drop status for 2 element(s)')).toBeVisible();

  await expect(page.getByText('Unconfirmed drops: 0')).toBeVisible();
  for (const id of fridges) {
    await expect(select(id), `${id} is locked`).toBeDisabled();
    const row = table().getByRole('row', { name: new RegExp(`^${id} `) });
    assert.ok((await row.innerText()).includes(stack.users.admin.email), 'Created By names the admin');
  }
  await expect(page.getByRole('button', { name: 'Confirm Override' })).toBeDisabled();

  // A reload shows the recorded statuses from the server.
  await page.reload();
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Unconfirmed drops: 0')).toBeVisible();
  await expect(select(fridges[1])).toBeDisabled();
});

test('a supervisor reverts a recorded drop status with a reason, and the history shows both', async () => {
  await page.goto(url('/reports/dropoffsummary'));
  await page.getByLabel('Drop Off Date').fill(revertDate);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: `Drop Off Summary for ${revertDate}` })).toBeVisible();
  await expect(page.getByText('Unconfirmed drops: 1')).toBeVisible();
  const status = page.getByRole('combobox', { name: new RegExp(`^Drop Status of ${reverted} `) });
  await status.selectOption('Not Delivering');
  await page.getByRole('combobox', { name: new RegExp(`^Reason of ${reverted} `) }).selectOption('Line Haul Delay');
  await page.getByRole('button', { name: 'Confirm Override' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Override' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Unconfirmed drops: 0')).toBeVisible();

  const slip = `${revertDate}#${reverted}#1`;
  await page.getByRole('button', { name: `Revert ${slip}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revert drop status' });
  await expect(dialog.getByRole('button', { name: 'Revert to Pending' }), 'a reason first').toBeDisabled();
  await dialog.getByLabel('Reason').fill('Truck came back with the order');
  await dialog.getByRole('button', { name: 'Revert to Pending' }).click();
  await expect(page.getByText(`Drop status of ${slip} reverted to Pending`)).toBeVisible();
  await expect(page.getByText('Unconfirmed drops: 1')).toBeVisible();
  await expect(status, 'the row is unlocked').toBeEnabled();

  await page.getByRole('button', { name: `History of ${slip}` }).click();
  const history = page.getByRole('list', { name: `Drop status history of ${slip}` });
  await expect(history).toBeVisible();
  const items = await history.getByRole('listitem').allInnerTexts();
  assert.equal(items.length, 2, items.join(' | '));
  assert.ok(
    items[0].includes('Not Delivering (Line Haul Delay) → Pending') && items[0].includes('Truck came back'),
    items[0],
  );
  assert.ok(items[1].includes('Pending → Not Delivering (Line Haul Delay)'), items[1]);
});

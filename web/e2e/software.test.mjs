// Browser test of the fridge software screen (spec 2-fleet-operations §2.1).
// Sets up its own fridges through the API; run against a running stack.
import assert from 'node:assert/strict';
import { closeContexts, createLocationAs, expect, readStack, signIn, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridges = [`SWE2E_${stamp}_A`, `SWE2E_${stamp}_B`];
const pilotId = `PILOT_${stamp}`;
const pilotName = `E2E pilot ${stamp}`;

let stack;
let browser;
let page;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  const context = await browser.newContext();
  page = await context.newPage();
  await signIn(page, stack.users.admin);
  for (const id of fridges) await createLocationAs(page, id);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

const table = () => page.getByRole('table', { name: 'Fridge software' });
const columnIndex = async (name) =>
  (await table().locator('thead th').allInnerTexts()).findIndex((t) => t.replace(/[▲▼]/g, '').trim() === name);

test('filter by a version, deploy to two fridges as a pilot, and see both results', async () => {
  await page.goto(new URL('/locations/fridge_software', stack.webUrl).toString());
  await expect(table().locator('tbody tr[aria-label]').first()).toBeVisible();
  assert.equal(await page.getByRole('button', { name: /^FILTER/ }).innerText(), 'FILTER • (LIVE) SELECTED');
  assert.equal(await page.title(), 'Fridge Software Inventory · Fleet Console', 'the tab is named after the screen');

  // Filter by a software version: every row shown runs it.
  await page.getByRole('button', { name: /^FILTER/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter by' });
  await dialog.getByLabel('Software').selectOption({ label: 'Agent' });
  await dialog.getByLabel('2.15.0').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('button', { name: 'FILTER • (LIVE | Agent = 2.15.0) SELECTED' })).toBeVisible();
  const agent = await columnIndex('Agent');
  const shownAgents = await table()
    .locator(`tbody tr[aria-label] td:nth-child(${agent + 1})`)
    .allInnerTexts();
  assert.ok(shownAgents.length > 0, 'some fridges run 2.15.0');
  assert.ok(
    shownAgents.every((v) => v === '2.15.0'),
    JSON.stringify(shownAgents.slice(0, 5)),
  );

  // The deployment panel: an unknown id is named and blocks DEPLOY.
  await page.getByRole('button', { name: 'Create Deployment' }).click();
  const panel = page.getByRole('region', { name: 'Create Deployment' });
  const ids = panel.getByLabel('Enter each Fridge ID on a new line');
  await ids.fill([...fridges, 'NOT_A_FRIDGE_1'].join('\n'));
  await expect(panel.getByText('The following fridges IDs do not exist in the Locations table:')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: 'NOT_A_FRIDGE_1' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'DEPLOY' })).toBeDisabled();
  await ids.fill(fridges.join('\n'));

  await panel.getByLabel('Software').selectOption({ label: 'Agent' });
  await panel.getByLabel('Version').selectOption('2.16.0');
  await panel.getByLabel('Pilot?').check();
  await panel.getByLabel('Pilot ID').fill(pilotId);
  await panel.getByLabel('Display Name').fill(pilotName);
  await panel.getByLabel('Pilot Stage').fill('1');
  // Start Date starts on today, in the browser's calendar: the pilot ends some weeks after it.
  const endDate = await page.evaluate(() => new Date(Date.now() + 60 * 86_400_000).toLocaleDateString('en-CA'));
  await panel.getByLabel('End Date').fill(endDate);
  await panel.getByLabel('Description').fill('Browser test pilot');
  await panel.getByRole('button', { name: 'DEPLOY' }).click();
  await page
    .getByRole('alertdialog', { name: /^Deploy Agent 2.16.0 and pilot/ })
    .getByRole('button', { name: 'Deploy' })
    .click();

  const result = page.getByRole('alertdialog', { name: 'Deployment result' });
  await expect(result.getByText('The FridgeSoftwareVersion table was successfully updated.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(result.getByText('The FridgeSoftwarePilots table was successfully updated.')).toBeVisible();
  await result.getByRole('button', { name: 'Close' }).click();

  // The filter is back to LIVE; the new fridges are OFFLINE, so clear it and search.
  await expect(page.getByRole('button', { name: 'FILTER • (LIVE) SELECTED' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filter' }).click();
  await page.getByLabel('Search fridges').fill(`SWE2E_${stamp}`);
  for (const id of fridges) {
    const row = table().getByRole('row', { name: id, exact: true });
    await expect(row.getByRole('img', { name: new RegExp(`^Pilot ${pilotName}`) })).toBeVisible({ timeout: 20_000 });
    // The pilot and the deployed versions are two writes: the row may show the pilot a refresh before its version.
    const agent = row.locator(`td:nth-child(${(await columnIndex('Agent')) + 1})`);
    await expect(agent).toHaveText('2.16.0', { timeout: 20_000 });
  }
});

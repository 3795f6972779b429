// Browser test of fleet health (spec 2-fleet-operations §2.2, §2.3, §4.3, §8):
// /portfoliohealth's chart, count and filters, then one LIVE demo fridge's
// health page: ENABLE Out of Order through the confirmation modal, the toast,
// the row turning red once the simulator reports, and DISABLE again to leave
// the fridge as found (the after hook sends DISABLE if a step failed midway).
import assert from 'node:assert/strict';
import { closeContexts, expect, graphqlAs, liveLocationIds, readStack, signIn, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
/**
 * How long the simulator may take to report a command's effect: its report waits in the telemetry queue behind every
 * fridge's, and on a loaded 2-core run the local pollers once took over 30 s to drain it (as inventory.test.mjs).
 */
const REPORT_MS = 60_000;

let stack;
let browser;
let page;
/** The fridge the command test uses, and whether this file left it out of order. */
let fridge;
let leftOutOfOrder = false;

const url = (p) => new URL(p, stack.webUrl).toString();

async function fleetHealth() {
  const items = [];
  let nextToken = null;
  do {
    const page_ = (
      await graphqlAs(
        page,
        'query E2eFleetHealth($nextToken: String) { fleetHealth(nextToken: $nextToken) { items { locationId outOfOrder timestamp serverVersion } nextToken } }',
        { nextToken },
      )
    ).fleetHealth;
    items.push(...page_.items);
    nextToken = page_.nextToken;
  } while (nextToken);
  return items;
}

/** A LIVE fridge that is not out of order, preferring one the simulator reported in the last 10 minutes. */
async function pickFridge() {
  const [health, live] = await Promise.all([fleetHealth(), liveLocationIds(page).then((ids) => new Set(ids))]);
  // serverVersion: a fridge the simulator plays (other tests' heartbeats lack it), so it answers commands.
  const candidates = health.filter((h) => live.has(h.locationId) && h.outOfOrder === false && h.serverVersion);
  const fresh = candidates.filter((h) => h.timestamp && Date.now() - Date.parse(h.timestamp) < 10 * 60_000);
  const pool = (fresh.length ? fresh : candidates).map((h) => h.locationId).sort();
  assert.ok(pool.length > 0, 'a LIVE demo fridge that is not out of order');
  // Spread over the pool, so two runs at once rarely pick the same fridge.
  return pool[stamp % pool.length];
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  page.setDefaultTimeout(30_000);
  await signIn(page, stack.users.admin);
  fridge = await pickFridge();
});

test.afterAll(async () => {
  if (leftOutOfOrder && page) {
    await graphqlAs(
      page,
      'mutation E2eRestore($location: ID!, $message: QueueMessageInput!, $requestId: ID!) { createQueueMessage(location: $location, message: $message, requestId: $requestId) { messageId } }',
      {
        location: fridge,
        message: { messageType: 'Resource', payload: { resource: 'OutOfOrder', operation: 'DISABLE' } },
        requestId: `e2e-health-restore-${stamp}`,
      },
    ).catch((e) => console.error(`could not restore ${fridge}: ${e.message}`));
  }
  await closeContexts(browser);
});

const locationsHeading = () => page.getByRole('heading', { name: /^Locations \(\d+\)$/ });
/** Flips a filter switch by its label, as a user does (the switch's input is visually hidden). */
const toggle = (label) => page.locator('label').filter({ hasText: label }).click();
/**
 * Waits until the newest command of the Recent commands table reads one of `labels`: the command and its state in
 * words ('OutOfOrder ENABLE Waiting to send', '… Sent', '… Done').
 */
const newestCommand = (labels, timeout = 30_000) =>
  page.waitForFunction(
    (wanted) =>
      wanted.includes(
        document.querySelector('table[aria-label="Recent commands"] tbody tr[aria-label]')?.getAttribute('aria-label'),
      ),
    labels,
    { timeout },
  );
const shownCount = async () => Number((await locationsHeading().innerText()).match(/\((\d+)\)/)[1]);

test('portfolio health: the chart and count follow the filters, and a panel opens on its health table', async () => {
  await page.goto(url('/portfoliohealth'));
  await expect(locationsHeading()).toBeVisible({ timeout: 60_000 });
  const before_ = await shownCount();
  assert.ok(before_ > 0, 'some fully connected fridges');
  await expect(page.getByText(`Fridges affected (of ${before_} shown)`, { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: `Fridges affected (of ${before_} shown)` })).toBeAttached();
  await expect(page.getByRole('switch', { name: 'HDMI Connected' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Is Out of Order' })).not.toBeChecked();

  await toggle('Is Out of Order');
  await page.waitForFunction((n) => {
    const h = [...document.querySelectorAll('h2')].find((e) => /^Locations \(\d+\)$/.test(e.textContent ?? ''));
    return h && h.textContent !== `Locations (${n})`;
  }, before_);
  const outOfOrder = await shownCount();
  assert.ok(outOfOrder < before_, `${outOfOrder} out of order of ${before_}`);
  await expect(page.getByText(`Fridges affected (of ${outOfOrder} shown)`, { exact: true })).toBeVisible();
  if (outOfOrder > 0) {
    const first = page.getByRole('list', { name: 'Locations' }).getByRole('listitem').first();
    const id = await first.getAttribute('data-key');
    await first.getByRole('button', { name: id }).click();
    const table = page.getByRole('table', { name: `Health of ${id}` });
    await expect(table.locator('tr[data-field="outOfOrder"][data-colour="red"]')).toBeVisible();
  }

  // Back to the default filter: the count returns, and a panel links to its health page.
  await toggle('Is Out of Order');
  await expect(page.getByRole('switch', { name: 'Is Out of Order' })).not.toBeChecked();
  await expect(
    page.getByRole('heading', { name: /^Locations \(\d+\)$/ }).filter({ hasNotText: `(${outOfOrder})` }),
  ).toBeVisible();
  const first = page.getByRole('list', { name: 'Locations' }).getByRole('listitem').first();
  const id = await first.getAttribute('data-key');
  await first.getByRole('link', { name: `Health page of ${id}` }).click();
  await expect(page.getByRole('heading', { name: `Fridge health: ${id}` })).toBeVisible();
  assert.equal(new URL(page.url()).pathname, `/locations/health/${encodeURIComponent(id)}`);
});

test("the filters live in the page's address: Back from a fridge's health page finds them as left", async () => {
  await page.goto(url('/portfoliohealth'));
  await expect(locationsHeading()).toBeVisible({ timeout: 60_000 });
  await toggle('HDMI Connected');
  await expect(page.getByRole('switch', { name: 'HDMI Connected' })).not.toBeChecked();
  await expect(page).toHaveURL(/[?&]hdmi=off/);

  const first = page.getByRole('list', { name: 'Locations' }).getByRole('listitem').first();
  const id = await first.getAttribute('data-key');
  await first.getByRole('link', { name: `Health page of ${id}` }).click();
  await expect(page.getByRole('heading', { name: `Fridge health: ${id}` })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('switch', { name: 'HDMI Connected' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'ELO Connected' })).toBeChecked();
  await expect(locationsHeading()).toBeVisible();

  // 'Reset filters' puts the defaults back, and they leave the address.
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page.getByRole('switch', { name: 'HDMI Connected' })).toBeChecked();
  await expect(page).not.toHaveURL(/hdmi=/);
});

test('fridge commands: ENABLE Out of Order, see it reported, then DISABLE it again', async () => {
  await page.goto(url(`/locations/health/${encodeURIComponent(fridge)}`));
  await expect(page.getByRole('heading', { name: `Fridge health: ${fridge}` })).toBeVisible();
  const health = page.getByRole('table', { name: 'Fridge health' });
  const outOfOrderRow = (colour) => health.locator(`tr[data-field="outOfOrder"][data-colour="${colour}"]`);
  await expect(health.locator('tr[data-field="outOfOrder"]')).toBeVisible();
  assert.notEqual(await health.locator('tr[data-field="outOfOrder"]').getAttribute('data-colour'), 'red');

  // ENABLE: confirmation modal, toast, and the button flips at once.
  await page.getByRole('button', { name: 'ENABLE Out of Order' }).click();
  const enableDialog = page.getByRole('alertdialog', { name: 'ENABLE Out of Order?' });
  await expect(
    enableDialog.getByText(`Are you sure you want to ENABLE Out of Order on ${fridge}?`, { exact: false }),
  ).toBeVisible();
  await enableDialog.getByRole('button', { name: 'Confirm' }).click();
  leftOutOfOrder = true;
  await expect(page.getByText('Out of Order ENABLED successfully', { exact: true })).toBeVisible();
  await expect(
    page.getByText('This command should be processed within 5 minutes.', { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'DISABLE Out of Order' })).toBeVisible();
  await newestCommand(['OutOfOrder ENABLE Waiting to send', 'OutOfOrder ENABLE Sent', 'OutOfOrder ENABLE Done']);

  // The simulator takes the command and reports: the row turns red, the command is done.
  await expect(outOfOrderRow('red')).toBeVisible({ timeout: REPORT_MS });
  await newestCommand(['OutOfOrder ENABLE Done'], REPORT_MS);

  // DISABLE it again: the fridge is left as found (orange: changed less than a day ago).
  await page.getByRole('button', { name: 'DISABLE Out of Order' }).click();
  await page
    .getByRole('alertdialog', { name: 'DISABLE Out of Order?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(page.getByText('Out of Order DISABLED successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ENABLE Out of Order' })).toBeVisible();
  await expect(outOfOrderRow('orange')).toBeVisible({ timeout: REPORT_MS });
  leftOutOfOrder = false;
  await newestCommand(['OutOfOrder DISABLE Done'], REPORT_MS);
});

test("that fridge's inventory: its slots, and a slot's units in a modal", async () => {
  await page.goto(new URL(`/locations/inventory/${encodeURIComponent(fridge)}`, stack.webUrl).toString());
  await expect(page.getByRole('heading', { level: 1, name: `Fridge inventory: ${fridge}` })).toBeVisible();
  await expect(page.getByTestId('inventory-age')).toBeVisible({ timeout: REPORT_MS });
  const cards = page.locator('button[data-slot]');
  await expect(cards.first()).toBeVisible();
  assert.ok((await cards.count()) > 0, 'the slots the simulator reported');
  await cards.first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // A stocked slot lists its units with production at 8:00 PM; an empty one says so.
  const text = await dialog.innerText();
  assert.ok(/8:00 PM/.test(text) || text.includes('None in stock'), text);
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeAttached();
});

// Browser test of the fridge inventory view (spec 3-planning §2, §4, §9): a
// LIVE demo fridge whose inventory the simulator reported. The header's age in
// minutes, the slots with their counts, a slot's units (production and expiry
// as the server words them) in a modal, 'None in stock' for an empty slot, the
// link back to the fridge's health, and an unknown fridge. Read-only.
import assert from 'node:assert/strict';
import { closeContexts, expect, liveLocationIds, newPage, readStack, restAs, signIn, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
/** How long to wait for the simulator's first inventory reports (it sends them when it starts). */
const REPORT_MS = 60_000;

let stack;
let browser;
let page;
/** The fridge under test. */
let fridge;

const url = (p) => new URL(p, stack.webUrl).toString();
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unitsText = (n) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/** The spec-shaped answer (inventory.payload.itemsBySlot, images, shelf_life) as slots, row by row. */
function asSlots(body) {
  const slots = Object.entries(body.inventory.payload.itemsBySlot).map(([slot, s]) => {
    const [row, column] = slot.split(':').map(Number);
    return { slot, row, column, itemName: s.slotItemName, count: s.itemsInSlot.length, units: s.itemsInSlot };
  });
  slots.sort((a, b) => a.row - b.row || a.column - b.column);
  return { timestamp: body.timestamp, slots };
}

const inventoryOf = async (id) => {
  const { status, body } = await restAs(page, 'GET', `/locations/${encodeURIComponent(id)}/inventory`);
  return { status, body: status === 200 ? asSlots(body) : body };
};

/** A LIVE fridge that reported an inventory with stock, preferring one that also has an empty slot. */
async function pickFridge() {
  const ids = await liveLocationIds(page);
  assert.ok(ids.length > 0, 'LIVE demo fridges');
  // Spread over the pool (the test only reads, but varied fridges cover more).
  const probe = Array.from({ length: Math.min(ids.length, 30) }, (_, i) => ids[(stamp + i) % ids.length]);
  const stockedFridge = async () => {
    let stocked = null;
    for (const id of probe) {
      const { status, body } = await inventoryOf(id);
      if (status !== 200 || !body?.timestamp || !body.slots.some((s) => s.count > 0)) continue;
      if (body.slots.some((s) => s.count === 0)) return id;
      stocked ??= id;
    }
    return stocked;
  };
  let found = null;
  await expect
    .poll(async () => (found = await stockedFridge()), {
      message: 'a LIVE demo fridge reported an inventory with stock (is the simulator running?)',
      timeout: REPORT_MS,
      intervals: [5_000],
    })
    .toBeTruthy();
  return found;
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  ({ page } = await newPage(browser));
  await signIn(page, stack.users.admin);
  fridge = await pickFridge();
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test("shows the inventory's age and the slots, and a slot's units in a modal", async () => {
  // What the page shows is its own answer: a second read could meet the simulator's next report.
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'GET' &&
      decodeURIComponent(new URL(r.url()).pathname).endsWith(`/locations/${fridge}/inventory`),
  );
  await page.goto(url(`/locations/inventory/${encodeURIComponent(fridge)}`));
  const response = await answered;
  assert.equal(response.status(), 200);
  const inventory = asSlots(await response.json());
  await expect(page.getByRole('heading', { level: 1, name: `Fridge inventory: ${fridge}` })).toBeVisible();
  const age = page.getByTestId('inventory-age');
  await expect(age).toBeVisible();

  const minutes = Number((await age.innerText()).match(/^Inventory as of (\d+) minutes? ago$/)?.[1]);
  assert.ok(Number.isInteger(minutes), `age text: ${await age.innerText()}`);
  const expected = Math.floor((Date.now() - Date.parse(inventory.timestamp)) / 60_000);
  assert.ok(
    minutes >= 0 && minutes <= expected + 1,
    `shown ${minutes} minutes, the inventory is ${expected} minutes old`,
  );

  const cards = page.locator('button[data-slot]');
  await expect(cards.first()).toBeVisible();
  await expect(cards, 'one card per slot').toHaveCount(inventory.slots.length);
  const rows = new Set(inventory.slots.map((s) => s.row));
  await expect(page.getByRole('list', { name: /^Row \d+$/ }), 'one line per row').toHaveCount(rows.size);

  const button = (s) =>
    page.getByRole('button', {
      name: new RegExp(`^${escape(s.itemName)} ${unitsText(s.count)} Slot ${escape(s.slot)}( At risk)?$`),
    });

  // A stocked slot: its count on the card, and every unit's production and expiry in the modal.
  const stocked = inventory.slots.find((s) => s.count > 0);
  assert.ok(stocked, 'a stocked slot');
  const card = button(stocked);
  await expect(card).toBeVisible();
  assert.match(await card.innerText(), new RegExp(unitsText(stocked.count)));
  await card.click();
  const dialog = page.getByRole('dialog', { name: `${stocked.itemName} — slot ${stocked.slot}` });
  await expect(dialog).toBeVisible();
  const table = dialog.getByRole('table', { name: `Units in slot ${stocked.slot}` });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row'), 'a row per unit').toHaveCount(stocked.units.length + 1);
  const first = stocked.units[0];
  await expect(table.getByRole('cell', { name: first.productionText, exact: true }).first()).toBeVisible();
  await expect(table.getByRole('cell', { name: first.expiryText, exact: true }).first()).toBeVisible();
  const text = await table.innerText();
  for (const u of stocked.units) {
    assert.ok(text.includes(u.productionText), `production ${u.productionText}`);
    assert.ok(text.includes(u.expiryText), `expiry ${u.expiryText}`);
  }
  assert.equal(
    await table.getByText('At risk', { exact: true }).count(),
    stocked.units.filter((u) => u.atRisk).length,
    "'At risk' units",
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).not.toBeAttached();

  // An empty slot: 'None in stock'; Escape closes.
  const empty = inventory.slots.find((s) => s.count === 0);
  if (!empty) {
    test.info().annotations.push({ type: 'not checked', description: `${fridge} has no empty slot: 'None in stock'` });
    return;
  }
  await button(empty).click();
  const emptyDialog = page.getByRole('dialog', { name: `${empty.itemName} — slot ${empty.slot}` });
  await expect(emptyDialog.getByText('None in stock', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(emptyDialog).not.toBeAttached();
});

test('on a phone each slot card is wider than its picture, each part of an item name stays whole, and the page does not scroll sideways', async () => {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.goto(url(`/locations/inventory/${encodeURIComponent(fridge)}`));
    const cards = page.locator('button[data-slot]');
    await expect(cards.first()).toBeVisible();
    const sizes = await cards.evaluateAll((all) =>
      all.map((card) => {
        const picture = card.querySelector('img, [data-testid="thumbnail-placeholder"]');
        // The name's parts are text nodes of their own (it may break after an underscore): one box each if whole.
        const name = card.querySelector('.slot-card__name');
        const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
        const broken = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          if (node.textContent.length > 1 && range.getClientRects().length > 1) broken.push(node.textContent);
        }
        return {
          slot: card.dataset.slot,
          name: name.textContent,
          broken,
          card: card.getBoundingClientRect(),
          picture: picture.getBoundingClientRect(),
        };
      }),
    );
    for (const { slot, name, broken, card, picture } of sizes) {
      assert.deepEqual(broken, [], `slot ${slot}: no part of ${name} breaks across lines`);
      assert.ok(
        picture.left >= card.left && picture.right <= card.right,
        `slot ${slot}: its picture (${Math.round(picture.width)} px) inside its card (${Math.round(card.width)} px)`,
      );
      assert.ok(card.right <= 390, `slot ${slot} is inside the window`);
    }
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
  } finally {
    await page.setViewportSize(viewport);
  }
});

test("links back to the fridge's health page", async () => {
  await page.goto(url(`/locations/inventory/${encodeURIComponent(fridge)}`));
  await page.getByRole('link', { name: 'Fridge health' }).click();
  await page.waitForURL((u) => u.pathname === `/locations/health/${encodeURIComponent(fridge)}`);
});

test("shows the server's message for an unknown fridge", async () => {
  const unknown = `E2E_NO_FRIDGE_${stamp}`;
  await page.goto(url(`/locations/inventory/${unknown}`));
  await expect(page.getByRole('alert').filter({ hasText: `Location ${unknown} not found` })).toBeVisible();
  await expect(page.locator('button[data-slot]')).toHaveCount(0);
});

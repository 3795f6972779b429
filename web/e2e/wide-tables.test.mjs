// Browser test of wide tables (issue 43) at 1440, 768 and 390 px: the columns a table declares as the ones that
// matter most (the dashboard's Status and Driver; the Drop Off Summary's Drop Status, Reason and Actions) are
// inside the window and inside the table's visible box, and the page never scrolls sideways. The Collapsed
// dashboard shows each route's statuses (in words) and its driver. Sets up its own route on today's stocking
// day and its own drops on a date of their own.
// Run: npx playwright test e2e/wide-tables.test.mjs   (FLEET_STACK_JSON, CHROMIUM_PATH and WEB_URL may override)
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  assertNoSidewaysScroll as noSidewaysScroll,
  axeFindings,
  closeContexts,
  createLocationAs,
  expect,
  graphqlAs,
  ownDateOf,
  readStack,
  scheduleStopsAs,
  settledStockingDay,
  signIn,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const fridges = [`WIDE_${stamp}_A`, `WIDE_${stamp}_B`];
const route = `e2e-wide-${stamp % 1000000}`;
const drops = [`WIDEDROP_${stamp}_A`, `WIDEDROP_${stamp}_B`];
// A drop-off date of this run alone (2090 onwards).
const dropDate = ownDateOf('wide-tables', stamp);

const WIDTHS = [
  { width: 1440, height: 1000 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

let stack;
let browser;
let context;
let page;
const url = (p) => new URL(p, stack.webUrl).toString();
const date = await settledStockingDay();

async function uploadPars(ids, day) {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-wide-'));
  const file = path.join(dir, 'pars.csv');
  const header = 'location,dropOffDate,deliveryDate,stockingIndex,item,par,overCapacityAmount,jit,priorityBoost';
  await writeFile(file, [header, ...ids.map((id) => `${id},${day},${day},,Greek Salad,6,1,false,`)].join('\n') + '\n');
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
  context = await browser.newContext({ viewport: WIDTHS[0] });
  page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  await signIn(page, stack.users.admin);

  // The dashboard: a route of two stops on today's stocking day, its driver assigned, the first stop stocked.
  for (const id of fridges) await createLocationAs(page, id);
  await scheduleStopsAs(
    page,
    `wide-${stamp}`,
    fridges.map((id, i) => ({ date, market: 'MW', id, route, stop: i + 1 })),
  );
  // The office assigns the route to the admin, who then stocks the first stop: the route's driver.
  await graphqlAs(page, 'mutation($i: AssignRouteDriverInput!) { assignRouteDriver(input: $i) { version } }', {
    i: {
      stockingDate: date,
      route,
      driverEmail: stack.users.admin.email,
      expectedVersion: 0,
      requestId: `e2e-wide-driver-${stamp}`,
    },
  });
  const out = await graphqlAs(
    page,
    'mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { stockingDay } }',
    {
      input: {
        eventType: 'LocationStocked',
        locationId: fridges[0],
        data: JSON.stringify({ stockingIndex: 1, temperature: 37.5 }),
        requestId: `e2e-wide-${stamp}`,
        occurredAt: new Date().toISOString(),
      },
    },
  );
  assert.equal(out.createDriverAction.stockingDay, date);
  await page.goto(url('/reports/checkpoints'));
  await page.getByLabel('Drop Off Date').fill(date);
  await page.getByLabel('Region').selectOption('MW');
  await page.getByRole('form', { name: 'Dashboard filters' }).getByText(route, { exact: true }).click();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(card().getByRole('row', { name: `Stop 1 ${fridges[0]}` })).toBeVisible();

  // The Drop Off Summary: two drops, the first overridden (so its row has Created By and Revert too).
  for (const id of drops) {
    await createLocationAs(page, id, {
      routingTag: 'CHI',
      fulfillmentCenter: 'Chicago Kitchen',
      parkToFridgeInstructions: 'Dock B',
      route: 'chi-09',
    });
  }
  await uploadPars(drops, dropDate);
  await openDrops();
  await page.getByRole('combobox', { name: new RegExp(`^Drop Status of ${drops[0]} `) }).selectOption('Not Delivering');
  await page.getByRole('combobox', { name: new RegExp(`^Reason of ${drops[0]} `) }).selectOption('Line Haul Delay');
  await page.getByRole('button', { name: 'Confirm Override' }).click();
  await page.getByRole('alertdialog', { name: 'Confirm Override' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Unconfirmed drops: 1')).toBeVisible();
});

test.afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
});

const card = () => page.getByRole('region', { name: `Route ${route}`, exact: true });
const dropsTable = () => page.getByRole('table', { name: `Drops of ${dropDate}` });

async function openDrops() {
  await page.goto(url('/reports/dropoffsummary'));
  await page.getByLabel('Drop Off Date').fill(dropDate);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(dropsTable().locator('tbody tr[aria-label]').first()).toBeVisible();
}

/** The page is no wider than the window: nothing scrolls sideways. */
const assertNoSidewaysScroll = (where) => noSidewaysScroll(page, where);

/**
 * Each named header cell of `table`, as it first shows (the table not scrolled), is inside the window and
 * inside the part of the table's scroll box that shows.
 */
async function assertHeadersInView(table, names, where) {
  for (const name of names) {
    const header = table.getByRole('columnheader', { name, exact: true });
    await expect(header, `${where}: one "${name}" header`).toHaveCount(1);
    const seen = await header.evaluate((th) => {
      const box = th.closest('.data-table-scroll');
      const b = box.getBoundingClientRect();
      const r = th.getBoundingClientRect();
      const visibleLeft = b.left + box.clientLeft;
      const visibleRight = visibleLeft + box.clientWidth;
      return {
        left: r.left,
        right: r.right,
        width: r.width,
        visibleLeft,
        visibleRight,
        scrollLeft: box.scrollLeft,
        innerWidth: window.innerWidth,
      };
    });
    const at = `${where}: "${name}" spans ${Math.round(seen.left)}..${Math.round(seen.right)} px`;
    assert.equal(seen.scrollLeft, 0, `${where}: the table is not scrolled`);
    assert.ok(seen.width > 0, `${at}: it shows`);
    assert.ok(
      seen.left >= -0.5 && seen.right <= seen.innerWidth + 0.5,
      `${at}, outside a ${seen.innerWidth} px window`,
    );
    assert.ok(
      seen.left >= seen.visibleLeft - 0.5 && seen.right <= seen.visibleRight + 0.5,
      `${at}, outside the table's visible box ${Math.round(seen.visibleLeft)}..${Math.round(seen.visibleRight)} px`,
    );
  }
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.describe.configure({ timeout: 4 * TIMEOUT_MS });
    test.beforeAll(async () => {
      await page.setViewportSize(viewport);
    });

    test('the dashboard keeps Status and Driver in view in every card; the page does not scroll sideways', async () => {
      await page.goto(url('/reports/checkpoints'));
      const table = card().getByRole('table', { name: `Route ${route} stops` });
      await expect(table.getByRole('row', { name: `Stop 1 ${fridges[0]}` })).toBeVisible();
      await assertNoSidewaysScroll('the dashboard');
      await assertHeadersInView(table, ['Status', 'Driver'], 'the dashboard');
      // The stop's status in words and its driver show in its row, without scrolling.
      const row = table.getByRole('row', { name: `Stop 1 ${fridges[0]}` });
      for (const text of ['Completed', stack.users.admin.email]) {
        const cell = row.getByText(text, { exact: true });
        const inView = await cell.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const b = el.closest('.data-table-scroll').getBoundingClientRect();
          return r.width > 0 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.right <= window.innerWidth;
        });
        assert.ok(inView, `the dashboard: "${text}" shows in its row`);
      }
    });

    test('the Collapsed dashboard shows each route’s statuses and driver', async () => {
      await page.goto(url('/reports/checkpoints'));
      await expect(card().getByRole('table')).toBeVisible();
      await page.getByRole('button', { name: 'Collapsed' }).click();
      await expect(card().getByRole('table')).toHaveCount(0);
      const statuses = card().getByRole('list', { name: `Stops of route ${route} by status` });
      await expect(statuses.getByText('Completed: 1', { exact: true })).toBeVisible();
      await expect(statuses.getByText('Not Started: 1', { exact: true })).toBeVisible();
      await expect(card().getByText(`Driver: ${stack.users.admin.email}`)).toBeVisible();
      assert.equal(
        await card()
          .getByText(/NOT_STARTED|COMPLETED/)
          .count(),
        0,
        'statuses in words',
      );
      await assertNoSidewaysScroll('the Collapsed dashboard');
      await page.getByRole('button', { name: 'Expanded' }).click();
    });

    test('the Drop Off Summary keeps Drop Status, Reason and Actions in view; the page does not scroll sideways', async () => {
      await openDrops();
      await assertNoSidewaysScroll('the Drop Off Summary');
      await assertHeadersInView(dropsTable(), ['Drop Status', 'Reason', 'Actions'], 'the Drop Off Summary');
      // The overridden row's History and Revert are in view too.
      const slip = `${dropDate}#${drops[0]}#1`;
      for (const name of [`History of ${slip}`, `Revert ${slip}`]) {
        const button = page.getByRole('button', { name, exact: true });
        const inView = await button.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const b = el.closest('.data-table-scroll').getBoundingClientRect();
          return r.width > 0 && r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.right <= window.innerWidth;
        });
        assert.ok(inView, `the Drop Off Summary: ${name} shows`);
      }
      // The Pick Date never breaks at its hyphens (it is on one line, or folded into the row's details).
      const pick = dropsTable()
        .getByText(/^\d{4}-\d\d-\d\d$/)
        .first();
      if (await pick.isVisible()) {
        const lines = await pick.evaluate((el) => el.getClientRects().length);
        assert.equal(lines, 1, 'the Pick Date is on one line');
      }
    });
  });
}

/**
 * Each column of the card's table, measured in the page: its header and first row's cell show whole (inside the
 * scroll box, text not cut) and on top (at three points across the header, the element there is the header's own,
 * not a pinned column's). A column that scrolls is first brought just right of the columns pinned left, as a user
 * scrolling to it would. Also how far the box scrolls sideways.
 */
async function columnsRead(table) {
  return table.evaluate(async (t) => {
    const box = t.closest('.data-table-scroll');
    const heads = [...t.querySelectorAll('thead th')];
    const cells = [...(t.querySelector('tbody tr')?.children ?? [])];
    const pinned = (el, side) => getComputedStyle(el).position === 'sticky' && getComputedStyle(el)[side] !== 'auto';
    const widthOf = (side) =>
      heads.filter((th) => pinned(th, side)).reduce((w, th) => w + th.getBoundingClientRect().width, 0);
    const [leftPinned, rightPinned] = [widthOf('left'), widthOf('right')];
    const problems = [];
    t.scrollIntoView({ block: 'center' });
    for (const [i, th] of heads.entries()) {
      const name = th.textContent.trim() || `column ${i + 1}`;
      box.scrollLeft = 0;
      if (!pinned(th, 'left') && !pinned(th, 'right')) {
        const start = box.getBoundingClientRect().left + box.clientLeft + leftPinned;
        box.scrollLeft += th.getBoundingClientRect().left - start;
      }
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const b = box.getBoundingClientRect();
      const [from, to] = [b.left + box.clientLeft, b.left + box.clientLeft + box.clientWidth];
      const r = th.getBoundingClientRect();
      if (r.left < from - 0.5 || r.right > to + 0.5) {
        problems.push(
          `${name}: ${Math.round(r.left)}..${Math.round(r.right)} px, outside the box ${Math.round(from)}..${Math.round(to)}`,
        );
      }
      for (const el of [th, cells[i]].filter(Boolean)) {
        if (el.scrollWidth > el.clientWidth + 1)
          problems.push(`${name}: cut (${el.scrollWidth} px in ${el.clientWidth})`);
      }
      for (const f of [0.1, 0.5, 0.9]) {
        const at = document.elementFromPoint(r.left + r.width * f, r.top + r.height / 2);
        if (!th.contains(at)) problems.push(`${name}: under "${at?.textContent?.trim().slice(0, 30)}" at ${f * 100}%`);
      }
    }
    box.scrollLeft = 0;
    return { sideways: box.scrollWidth - box.clientWidth, columns: heads.length, leftPinned, rightPinned, problems };
  });
}

test('at 1440 px every column of a dashboard card reads whole with no sideways scroll; at 768 px each scrolls clear of the pinned ones', async () => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(url('/reports/checkpoints'));
  const table = card().getByRole('table', { name: `Route ${route} stops` });
  await expect(table.getByRole('row', { name: `Stop 1 ${fridges[0]}` })).toBeVisible();
  for (const header of ['Safety Hold', 'Vending State Status', 'First Stocking Date']) {
    await expect(table.getByRole('columnheader', { name: header }), `the spec's "${header}" column`).toHaveCount(1);
  }
  const wide = await columnsRead(table);
  assert.ok(wide.columns >= 10, `every column of §2.4: ${wide.columns}`);
  assert.ok(wide.sideways <= 0, `at 1440 px the card scrolls ${wide.sideways} px sideways`);
  assert.deepEqual(wide.problems, [], 'at 1440 px');

  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(table.getByRole('row', { name: `Stop 1 ${fridges[0]}` })).toBeVisible();
  const narrow = await columnsRead(table);
  assert.ok(narrow.sideways > 0, 'at 768 px the card scrolls sideways between its pinned columns');
  assert.ok(narrow.leftPinned > 0 && narrow.rightPinned > 0, 'columns are pinned on both sides');
  assert.deepEqual(narrow.problems, [], 'at 768 px');
});

test('at 390 px a folded row opens its other columns from the keyboard, and axe finds nothing serious', async () => {
  await page.setViewportSize(WIDTHS[2]);
  await openDrops();
  assert.equal(await dropsTable().getAttribute('data-folded'), 'true', 'the Drop Off Summary folds at 390 px');
  await expect(dropsTable().getByRole('columnheader', { name: 'Created By', exact: true })).toHaveCount(0);
  const toggle = page.getByRole('button', { name: new RegExp(`^Details of ${drops[0]} `) });
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  const details = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
  const text = await details.innerText();
  for (const label of ['Route ID', 'Packing Slip ID', 'Pick Date', 'Created By'])
    assert.ok(text.includes(label), `the details name ${label}: ${text}`);
  assert.ok(text.includes(stack.users.admin.email), `Created By names the admin: ${text}`);
  await assertNoSidewaysScroll('the Drop Off Summary with a row open');
  const findings = await axeFindings(page, 'main');
  assert.deepEqual(findings, [], `the folded Drop Off Summary: serious/critical axe findings:\n${findings.join('\n')}`);
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
});

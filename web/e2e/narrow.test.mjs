// Browser test of narrow screens (issue 22): at 320 px (the narrowest phone), 390 px and 768 px (a tablet) the location
// detail page, /locations/all and a fridge health page never scroll sideways, /locations/all keeps
// Status, Allocation and its Details / Inventory / Health links reachable (inside the table's own
// scroll container), and the navigation is one Menu button that opens.
// Run: npx playwright test e2e/narrow.test.mjs   (FLEET_STACK_JSON, CHROMIUM_PATH and WEB_URL may override)
import assert from 'node:assert/strict';
import {
  assertNoSidewaysScroll,
  closeContexts,
  expect,
  linesOf,
  mainNav,
  readStack,
  signIn,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stack = readStack();
const url = (p) => new URL(p, stack.webUrl).toString();

const WIDTHS = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
];

let browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});
test.afterAll(async () => {
  await closeContexts(browser);
});

/**
 * `locator` can be brought into view (scrolling inside its container is fine) without the page
 * scrolling sideways, and is then inside the window and not covered by anything else.
 */
async function assertReachable(locator, what) {
  await expect(locator).toBeVisible();
  const seen = await locator.evaluate((el) => {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {
      inWindow: r.left >= 0 && r.right <= window.innerWidth + 0.5 && r.width > 0,
      uncovered: !!top && (el === top || el.contains(top) || top.contains(el)),
      pageScrollX: window.scrollX,
      box: `${Math.round(r.left)}..${Math.round(r.right)} of ${window.innerWidth}`,
    };
  });
  assert.ok(seen.inWindow, `${what} is inside the window: ${seen.box}`);
  assert.ok(seen.uncovered, `${what} is not covered (by the sticky column or the header)`);
  assert.equal(seen.pageScrollX, 0, `${what}: the page itself did not scroll sideways`);
}

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.describe.configure({ timeout: 4 * TIMEOUT_MS });
    let context;
    let page;
    let id;

    test.beforeAll(async () => {
      context = await browser.newContext({ viewport });
      page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT_MS);
      page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
      await signIn(page, stack.users.admin, { path: '/locations/all' });
    });
    test.afterAll(async () => {
      await context?.close();
    });

    test('the navigation is one Menu button that opens the menus', async () => {
      const nav = mainNav(page);
      const menu = nav.getByRole('button', { name: 'Menu', exact: true });
      await expect(menu).toBeVisible();
      await expect(nav.getByRole('button', { name: 'Locations', exact: true })).toHaveCount(0);
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      const panel = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`);
      await menu.click();
      assert.equal(await menu.getAttribute('aria-expanded'), 'true');
      await expect(panel.getByRole('link', { name: 'All', exact: true })).toBeVisible();
      await assertReachable(panel.getByRole('link', { name: 'All', exact: true }), 'the panel entry All');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      assert.equal(await menu.getAttribute('aria-expanded'), 'false');
      // The bar is one row again, not pinned several rows tall.
      const height = await page.locator('.app-header').evaluate((h) => h.getBoundingClientRect().height);
      assert.ok(height < 80, `the header is ${height} px tall`);
    });

    test('/locations/all: Status, Allocation and the row links are reachable; the page does not scroll', async () => {
      await page.goto(url('/locations/all'));
      const table = page.getByRole('table', { name: 'Locations' });
      const firstRow = table.locator('tbody tr[aria-label]').first();
      await expect(firstRow).toBeVisible();
      id = await firstRow.getAttribute('aria-label');
      assert.ok(id, 'a location to open');
      await assertNoSidewaysScroll(page, '/locations/all');
      await assertReachable(table.getByRole('columnheader', { name: 'Status' }), 'the Status header');
      await assertReachable(table.getByRole('columnheader', { name: 'Allocation' }), 'the Allocation header');
      for (const link of ['Details', 'Inventory', 'Health']) {
        await assertReachable(firstRow.getByRole('link', { name: `${link} of ${id}` }), `the ${link} link`);
      }
      await assertNoSidewaysScroll(page, '/locations/all after scrolling the table');
    });

    test('the location detail page does not scroll sideways', async () => {
      await page.goto(url(`/locations/detail/${encodeURIComponent(id)}`));
      await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible();
      await expect(page.locator('tr[data-field]').first()).toBeVisible();
      await assertNoSidewaysScroll(page, 'the detail page');
      const edit = page.getByRole('button', { name: /^Edit / }).first();
      if ((await edit.count()) > 0) await assertReachable(edit, 'the first Edit button');
    });

    test("a location's schedule page and the pars upload do not scroll sideways", async () => {
      // Each once overran 320 px: the upcoming changes' two filters side by side, the pars' file input.
      await page.goto(url(`/locations/schedule/${encodeURIComponent(id)}`));
      await expect(page.getByRole('heading', { level: 2, name: /^Upcoming changes across the fleet/ })).toBeVisible();
      await expect(page.getByLabel('Attribute', { exact: true })).toBeVisible();
      await assertNoSidewaysScroll(page, 'the schedule page');
      // A section's heading reads under the page's title, never over it.
      const size = (l) => l.evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
      const title = await size(page.getByRole('heading', { level: 1 }));
      const section = await size(page.getByRole('heading', { level: 2, name: /^Upcoming changes/ }));
      assert.ok(section < title, `the section heading (${section} px) is smaller than the title (${title} px)`);
      await page.goto(url('/pars/upload'));
      await expect(page.getByLabel('CSV file')).toBeVisible();
      await assertNoSidewaysScroll(page, 'the pars upload');
    });

    test('the fridge health page does not scroll sideways', async () => {
      await page.goto(url(`/locations/health/${encodeURIComponent(id)}`));
      await expect(page.getByRole('heading', { name: 'Fridge Commands' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Queue messages' })).toBeVisible();
      await assertNoSidewaysScroll(page, 'the health page');
      // Its section titles are not squeezed by what stands beside them ('Healt', 'h').
      for (const title of ['Health', 'Fridge Commands', 'Queue messages']) {
        assert.equal(await linesOf(page.getByRole('heading', { level: 2, name: title })), 1, `'${title}' on one line`);
      }
    });
  });
}

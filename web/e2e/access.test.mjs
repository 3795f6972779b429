// Browser test: the restricted user (locations only) opens screens behind actions it lacks and is told
// plainly which screen, which permission and where it is granted: no error, no Retry, no empty chart.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createLocationAs,
  launchBrowser,
  newPage,
  readStack,
  setPermissionAs,
  signIn,
  TIMEOUT_MS,
} from './helpers.mjs';

const stack = readStack();
const { admin, restricted } = stack.users;
const run = Date.now().toString(36).toUpperCase();

/** Five screens the restricted user may not open, with the screen name the refusal gives. */
const REFUSED = [
  ['/portfoliohealth', 'Portfolio Health'],
  ['/locations/fridge_software', 'Fridge Software'],
  ['/coupons', 'Coupon Codes'],
  ['/forecast/view', 'Forecast'],
  ['/users/permissions', 'User Permissions'],
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('screens behind an action', { timeout: 3 * TIMEOUT_MS }, () => {
  test('the restricted user sees a plain refusal on five screens, and no error, Retry or chart', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted);
      for (const [path, screen] of REFUSED) {
        await page.goto(new URL(path, stack.webUrl).toString());
        await page.getByRole('heading', { level: 1, name: screen }).waitFor();
        const refusal = page.getByText(`You do not have access to ${screen}.`, { exact: false });
        await refusal.waitFor();
        assert.match(await refusal.textContent(), /It needs the \w+ permission\./, path);
        assert.equal(await page.getByRole('link', { name: 'Permissions', exact: true }).count(), 1, path);
        assert.equal(await page.getByText('Oops, there was an error loading your request.').count(), 0, path);
        assert.equal(await page.getByText('Error! User Action Prohibited!').count(), 0, path);
        assert.equal(await page.getByRole('button', { name: /retry/i }).count(), 0, path);
        assert.equal(await page.locator('.recharts-wrapper').count(), 0, path);
      }
      // A screen the user may open still opens.
      await page.goto(new URL('/locations/all', stack.webUrl).toString());
      await page.getByRole('table').first().waitFor();
      assert.equal(await page.getByText('You do not have access to', { exact: false }).count(), 0);
    } finally {
      await context.close();
    }
  });
});

describe('controls for actions the user lacks', { timeout: 4 * TIMEOUT_MS }, () => {
  let adminPage;
  let adminContext;
  const locationId = `E2E_ACCESS_${run}`;
  before(async () => {
    ({ context: adminContext, page: adminPage } = await newPage(browser));
    await signIn(adminPage, admin);
    await createLocationAs(adminPage, locationId);
  });
  after(async () => {
    await adminContext?.close();
  });

  test('the restricted user finds Edit disabled with the reason, and no menu or card for screens it cannot open', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted);
      // The home page offers the screens the user may open, and only those.
      await page
        .getByRole('link', { name: /Locations/ })
        .first()
        .waitFor();
      assert.equal(await page.getByRole('link', { name: /Portfolio Health/ }).count(), 0);
      const nav = page.getByRole('navigation', { name: 'Main' });
      assert.equal(await nav.getByRole('button', { name: 'Channel Management' }).count(), 0);
      assert.equal(await nav.getByRole('button', { name: 'Forecast' }).count(), 0);

      await page.goto(new URL(`/locations/detail/${locationId}`, stack.webUrl).toString());
      const edit = page.getByRole('button', { name: 'Edit percentage' });
      await edit.waitFor();
      assert.equal(await edit.isDisabled(), true);
      const edits = page.getByRole('button', { name: /^Edit / });
      const count = await edits.count();
      assert.ok(count >= 20, `${count} Edit buttons`);
      for (let i = 0; i < count; i++) assert.equal(await edits.nth(i).isDisabled(), true, `Edit #${i + 1}`);
      const tip = await page.locator('.guard', { has: edit }).getAttribute('title');
      assert.match(tip ?? '', /^You need the UpdateLocation permission\. An administrator can grant it/);
    } finally {
      await context.close();
    }
  });

  test('a permission removed while a form is open: Save shows the kit dialog with the spec words, not text in the form', async () => {
    await setPermissionAs(adminPage, restricted.email, 'UpdateLocation');
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted, { path: `/locations/detail/${locationId}` });
      const edit = page.getByRole('button', { name: 'Edit percentage' });
      await edit.waitFor();
      await page.waitForFunction(
        () => !document.querySelector('button[aria-label="Edit percentage"]')?.hasAttribute('disabled'),
      );
      await edit.click();
      const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
      await dialog.getByLabel('percentage', { exact: true }).fill('41');
      await setPermissionAs(adminPage, restricted.email, 'UpdateLocation', { remove: true });
      await dialog.getByRole('button', { name: 'Save' }).click();
      const refusal = page.getByRole('alertdialog');
      await refusal.getByText('Error! User Action Prohibited!', { exact: true }).waitFor();
      assert.equal(await dialog.getByText('Error! User Action Prohibited!').count(), 0, 'no text in the form');
    } finally {
      await context.close();
      await setPermissionAs(adminPage, restricted.email, 'UpdateLocation', { remove: true });
    }
  });
});

describe('no dead ends for the restricted user (issue 43)', { timeout: 6 * TIMEOUT_MS }, () => {
  let adminContext;
  const locationId = `E2E_ACCESS43_${run}`;
  before(async () => {
    let adminPage;
    ({ context: adminContext, page: adminPage } = await newPage(browser));
    await signIn(adminPage, admin);
    await createLocationAs(adminPage, locationId);
  });
  after(async () => {
    await adminContext?.close();
  });

  test('the detail page neither loads the option lists of the edit dialogs nor says they failed', async () => {
    const { context, page } = await newPage(browser);
    try {
      const lists = [];
      page.on('request', (req) => {
        const body = req.postData() ?? '';
        if (/getPlanogramNames|getFridgeSchemasTemplates|getPriceMapTemplates/.test(body)) lists.push(body);
      });
      await signIn(page, restricted, { path: `/locations/detail/${locationId}` });
      await page.getByRole('button', { name: 'Edit percentage' }).waitFor();
      // The history comes last: by then every request of the page has been sent.
      await page.getByRole('heading', { name: /History/ }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getByText(/Unable to load|Please check your internet/).count(), 0);
      assert.deepEqual(lists, []);
    } finally {
      await context.close();
    }
  });

  test('links to screens it cannot open are left out, as the navigation leaves out its entries', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted, { path: '/locations/all' });
      await page
        .getByRole('link', { name: /^Details of / })
        .first()
        .waitFor();
      assert.equal(await page.getByRole('link', { name: /^Inventory of / }).count(), 0);
      assert.equal(await page.getByRole('link', { name: /^Health of / }).count(), 0);

      await page.goto(new URL(`/locations/schedule/${locationId}`, stack.webUrl).toString());
      await page.getByRole('heading', { name: /^Upcoming changes across the fleet/ }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Schedule many changes from a file' }).count(), 0);

      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
      assert.equal(await page.getByRole('menuitem', { name: 'Permissions' }).count(), 0);
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
    }
  });

  test('every menu of the navigation has something to open: no menu of disabled links', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'Locations', exact: true }).waitFor();
      const { links = {} } = await page.evaluate(async () => (await fetch('/config.json')).json());
      // No report screen for this user: Reporting has only its external links, shown when one is set.
      const reportingLinks = links.packingSlip || links.historicalAllocation || links.receivingInvoices;
      assert.equal(await nav.getByRole('button', { name: 'Reporting', exact: true }).count(), reportingLinks ? 1 : 0);
      const menus = await nav.locator('.navbar-menus .nav-trigger').allInnerTexts();
      assert.ok(menus.length > 0, 'some menu');
      for (const label of menus.map((m) => m.replace('▾', '').trim())) {
        await nav.getByRole('button', { name: label, exact: true }).click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        const items = menu.getByRole('menuitem');
        const open = await items.evaluateAll(
          (els) =>
            els.filter(
              (el) =>
                !el.hasAttribute('data-disabled') &&
                !el.hasAttribute('disabled') &&
                el.getAttribute('aria-disabled') !== 'true',
            ).length,
        );
        assert.ok(open > 0, `menu ${label} has an entry to open`);
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
    }
  });

  test('a refusal is titled as every other page', async () => {
    const { context, page } = await newPage(browser);
    try {
      const titleStyle = () =>
        page.getByRole('heading', { level: 1 }).evaluate((h) => {
          const s = getComputedStyle(h);
          const r = h.getBoundingClientRect();
          return { size: s.fontSize, weight: s.fontWeight, left: Math.round(r.left), page: !!h.closest('.page') };
        });
      await signIn(page, restricted, { path: '/locations/all' });
      await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
      const usual = await titleStyle();
      await page.goto(new URL('/portfoliohealth', stack.webUrl).toString());
      await page.getByText('You do not have access to Portfolio Health.', { exact: false }).waitFor();
      assert.deepEqual(await titleStyle(), usual);
    } finally {
      await context.close();
    }
  });
});

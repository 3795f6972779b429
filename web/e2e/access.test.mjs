// Browser test: the restricted user (locations only) opens screens behind actions it lacks and is told
// plainly which screen, which permission and where it is granted: no error, no Retry, no empty chart.
import assert from 'node:assert/strict';
import {
  closeContexts,
  createLocationAs,
  expect,
  newPage,
  readStack,
  setPermissionAs,
  signIn,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

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
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});
test.afterAll(async () => {
  await closeContexts(browser);
});

test.describe('screens behind an action', () => {
  test.describe.configure({ timeout: 3 * TIMEOUT_MS });
  test('the restricted user sees a plain refusal on five screens, and no error, Retry or chart', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted);
      for (const [path, screen] of REFUSED) {
        await page.goto(new URL(path, stack.webUrl).toString());
        await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible();
        const refusal = page.getByText(`You do not have access to ${screen}.`, { exact: false });
        await expect(refusal).toBeVisible();
        // In words, not the server's action id, and no link to the Permissions screen, which refuses them too.
        const text = await refusal.textContent();
        assert.match(text, /It needs permission to [a-z][^.]+\./, path);
        assert.doesNotMatch(text, /\b(Get|Update|Upload|View|Manage)[A-Z]\w+/, `${path}: no action id`);
        await expect(page.getByText('Ask an administrator to grant it.'), path).toBeVisible();
        await expect(page.getByRole('link', { name: 'Permissions', exact: true }), path).toHaveCount(0);
        await expect(page.getByText('Oops, there was an error loading your request.'), path).toHaveCount(0);
        await expect(page.getByText('Error! User Action Prohibited!'), path).toHaveCount(0);
        await expect(page.getByRole('button', { name: /retry/i }), path).toHaveCount(0);
        await expect(page.locator('.recharts-wrapper'), path).toHaveCount(0);
      }
      // A screen the user may open still opens.
      await page.goto(new URL('/locations/all', stack.webUrl).toString());
      await expect(page.getByRole('table').first()).toBeVisible();
      await expect(page.getByText('You do not have access to', { exact: false })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test.describe('controls for actions the user lacks', () => {
  test.describe.configure({ timeout: 4 * TIMEOUT_MS });
  let adminPage;
  let adminContext;
  const locationId = `E2E_ACCESS_${run}`;
  test.beforeAll(async () => {
    ({ context: adminContext, page: adminPage } = await newPage(browser));
    await signIn(adminPage, admin);
    await createLocationAs(adminPage, locationId);
  });
  test.afterAll(async () => {
    await adminContext?.close();
  });

  test('the restricted user finds Edit disabled with the reason, and no menu or card for screens it cannot open', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted);
      // The home page offers the screens the user may open, and only those.
      await expect(page.getByRole('link', { name: /Locations/ }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: /Portfolio Health/ })).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('button', { name: 'Channel Management' })).toHaveCount(0);
      await expect(nav.getByRole('button', { name: 'Forecast' })).toHaveCount(0);

      await page.goto(new URL(`/locations/detail/${locationId}`, stack.webUrl).toString());
      const edit = page.getByRole('button', { name: 'Edit percentage' });
      await expect(edit).toBeVisible();
      await expect(edit).toBeDisabled();
      const edits = page.getByRole('button', { name: /^Edit / });
      const count = await edits.count();
      assert.ok(count >= 20, `${count} Edit buttons`);
      for (let i = 0; i < count; i++) assert.equal(await edits.nth(i).isDisabled(), true, `Edit #${i + 1}`);
      const tip = await page.locator('.guard', { has: edit }).getAttribute('title');
      assert.equal(tip, 'You need permission to edit locations. Ask an administrator to grant it.');
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
      await expect(edit).toBeVisible();
      await page.waitForFunction(
        () => !document.querySelector('button[aria-label="Edit percentage"]')?.hasAttribute('disabled'),
      );
      await edit.click();
      const dialog = page.getByRole('dialog', { name: 'Edit percentage' });
      await dialog.getByLabel('percentage', { exact: true }).fill('41');
      await setPermissionAs(adminPage, restricted.email, 'UpdateLocation', { remove: true });
      await dialog.getByRole('button', { name: 'Save' }).click();
      const refusal = page.getByRole('alertdialog');
      await expect(refusal.getByText('Error! User Action Prohibited!', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Error! User Action Prohibited!'), 'no text in the form').toHaveCount(0);
    } finally {
      await context.close();
      await setPermissionAs(adminPage, restricted.email, 'UpdateLocation', { remove: true });
    }
  });
});

test.describe('no dead ends for the restricted user (issue 43)', () => {
  test.describe.configure({ timeout: 6 * TIMEOUT_MS });
  let adminContext;
  const locationId = `E2E_ACCESS43_${run}`;
  test.beforeAll(async () => {
    let adminPage;
    ({ context: adminContext, page: adminPage } = await newPage(browser));
    await signIn(adminPage, admin);
    await createLocationAs(adminPage, locationId);
  });
  test.afterAll(async () => {
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
      await expect(page.getByRole('button', { name: 'Edit percentage' })).toBeVisible();
      // The history comes last: by then every request of the page has been sent.
      await expect(page.getByRole('heading', { name: /History/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByText(/Unable to load|Please check your internet/)).toHaveCount(0);
      assert.deepEqual(lists, []);
    } finally {
      await context.close();
    }
  });

  test('links to screens it cannot open are left out, as the navigation leaves out its entries', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted, { path: '/locations/all' });
      await expect(page.getByRole('link', { name: /^Details of / }).first()).toBeVisible();
      await expect(page.getByRole('link', { name: /^Inventory of / })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Health of / })).toHaveCount(0);

      await page.goto(new URL(`/locations/schedule/${locationId}`, stack.webUrl).toString());
      await expect(page.getByRole('heading', { name: /^Upcoming changes across the fleet/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Schedule many changes from a file' })).toHaveCount(0);

      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible();
      await expect(page.getByRole('menuitem', { name: 'Permissions' })).toHaveCount(0);
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
      await expect(nav.getByRole('button', { name: 'Locations', exact: true })).toBeVisible();
      const { links = {} } = await page.evaluate(async () => (await fetch('/config.json')).json());
      // No report screen for this user: Reporting has only its external links, shown when one is set.
      const reportingLinks = links.packingSlip || links.historicalAllocation || links.receivingInvoices;
      await expect(nav.getByRole('button', { name: 'Reporting', exact: true })).toHaveCount(reportingLinks ? 1 : 0);
      const menus = await nav.locator('.navbar-menus .nav-trigger').allInnerTexts();
      assert.ok(menus.length > 0, 'some menu');
      for (const label of menus.map((m) => m.replace('▾', '').trim())) {
        await nav.getByRole('button', { name: label, exact: true }).click();
        const menu = page.getByRole('menu');
        await expect(menu).toBeVisible();
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
        await expect(menu).not.toBeAttached();
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
      await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
      const usual = await titleStyle();
      await page.goto(new URL('/portfoliohealth', stack.webUrl).toString());
      await expect(page.getByText('You do not have access to Portfolio Health.', { exact: false })).toBeVisible();
      assert.deepEqual(await titleStyle(), usual);
    } finally {
      await context.close();
    }
  });
});

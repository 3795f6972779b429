// Browser test of the console shell against the running local stack (scripts/run-local.sh).
// Run: npm run e2e   (CHROMIUM_PATH and WEB_URL may override the defaults)
import assert from 'node:assert/strict';
import {
  closeContexts,
  closeMenu,
  expect,
  mainNav,
  newPage,
  openMenu,
  readStack,
  signIn,
  signInButton,
  signInThroughForm,
  signOut,
  test,
  TIMEOUT_MS,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stack = readStack();
const { admin, restricted } = stack.users;
const ACTION = 'GetUniquePMTNames';

let browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});
test.afterAll(async () => {
  await closeContexts(browser);
});

/** The card of one user on /users/permissions (a section named by the user's e-mail heading). */
const userCard = (page, email) => page.getByRole('region', { name: email, exact: true });

test.describe('console shell', () => {
  test.describe.configure({ timeout: 5 * TIMEOUT_MS });
  test('admin: home, navigation, not-found page', async () => {
    const { context, page } = await newPage(browser);
    // What the browser itself reports as broken while the console loads (a missing tab icon was one).
    const consoleErrors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url})`);
    });
    try {
      await signIn(page, admin);
      // The tab shows the console's own icon.
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      const served = await page.request.get(new URL(icon, page.url()).toString());
      assert.equal(served.status(), 200, `the tab icon ${icon}`);
      assert.equal(served.headers()['content-type'], 'image/svg+xml', `the tab icon's type`);
      await expect(page.getByText('A simple insight into the field', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Fleet Console', level: 1 })).toHaveCount(1);

      const nav = mainNav(page);
      // Menus of screens behind an action appear once the user's access is known.
      await expect(nav.getByRole('button', { name: 'Channel Management', exact: true })).toBeVisible();
      for (const name of ['Reporting', 'Routes', 'Forecast', 'Pars', 'Locations', 'Channel Management']) {
        await expect(nav.getByRole('button', { name, exact: true }), `menu ${name}`).toBeVisible();
      }
      // Internal Apps holds only external links. The local stack configures both (stand-in pages of the
      // routing stub, unless web/links.json names others), so the demo shows the spec's whole navigation.
      const { links = {} } = await page.evaluate(async () => (await fetch('/config.json')).json());
      const apps = [
        ['Facility CMS', links.facilityCms],
        ['Driver App', links.driverApp],
      ];
      assert.ok(
        apps.every(([, href]) => href),
        `the local stack links both Internal Apps: ${JSON.stringify(links)}`,
      );
      const internal = await openMenu(page, 'Internal Apps');
      for (const [name, href] of apps) {
        const entry = internal.getByRole('menuitem', { name: new RegExp(name) });
        await expect(entry).toHaveAttribute('href', href);
        await expect(entry).toHaveAttribute('target', '_blank');
        const opened = await page.request.get(href);
        assert.equal(opened.status(), 200, `${name} opens`);
        assert.match(await opened.text(), new RegExp(`<h1>${name}</h1>|${name}`));
      }
      await closeMenu(page);
      await expect(nav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();

      const routes = await openMenu(page, 'Routes');
      await expect(routes.getByRole('menuitem', { name: 'JIT Management' })).toBeVisible();
      await closeMenu(page);

      const locations = await openMenu(page, 'Locations');
      for (const name of ['All', 'Add Fridge', 'View Fridge Software']) {
        await expect(locations.getByRole('menuitem', { name, exact: true })).toBeVisible();
      }
      await closeMenu(page);

      // The admin may open the flag-gated screen.
      await page.goto(`${stack.webUrl}/jit-management`);
      await expect(page.getByRole('heading', { name: /JIT Management/ })).toBeVisible();
      assert.match(new URL(page.url()).pathname, /^\/jit-management$/);

      await page.goto(`${stack.webUrl}/no-such-page`);
      await expect(page.getByText('Sorry, page not found!')).toBeVisible();
      assert.deepEqual(consoleErrors, [], 'no errors in the browser console');
    } finally {
      await context.close();
    }
  });

  test('restricted user: no JIT Management, redirected to /home', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, restricted);
      // LogiNext needs SyncLogiNext and JIT Management its flag and action: no Routes menu at all.
      await expect(mainNav(page).getByRole('button', { name: 'Locations', exact: true })).toBeVisible();
      await expect(mainNav(page).getByRole('button', { name: 'Routes', exact: true })).toHaveCount(0);

      await page.goto(`${stack.webUrl}/jit-management`);
      await page.waitForURL((url) => url.pathname === '/home');
      await expect(page.getByText('A simple insight into the field')).toBeVisible();

      // Without the right to manage permissions the screen says so plainly, before any request fails.
      await page.goto(`${stack.webUrl}/users/permissions`);
      await expect(page.getByText('You do not have access to User Permissions.', { exact: false })).toBeVisible();
      await expect(page.getByText('Error! User Action Prohibited!')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('admin: grant a permission to the restricted user, then remove it', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signIn(page, admin, { path: '/users/permissions' });
      const card = userCard(page, restricted.email);
      await expect(card).toBeVisible();
      // A user's actions are collapsed under a disclosure button with their count.
      const toggle = card.getByRole('button', { name: restricted.email, exact: false }).first();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');

      const removeButton = card.getByRole('button', { name: `Remove ${ACTION} from ${restricted.email}` });
      // Remove asks to confirm in the kit's dialog.
      const confirmButton = page
        .getByRole('alertdialog', { name: `Remove ${ACTION} from ${restricted.email}?` })
        .getByRole('button', { name: 'Remove', exact: true });
      const actionItem = card.getByRole('listitem').filter({ hasText: ACTION });

      // A previous failed run may have left the grant behind.
      if ((await removeButton.count()) > 0) {
        await removeButton.click();
        await confirmButton.click();
        await expect(actionItem).not.toBeAttached();
      }

      const form = page.getByRole('form', { name: 'Add a permission' });
      await form.getByLabel('User', { exact: true }).selectOption({ label: restricted.email });
      await form.getByLabel('Action', { exact: true }).selectOption(ACTION);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(actionItem).toBeVisible();
      await expect(page.getByText(`Added ${ACTION} for ${restricted.email}`)).toBeVisible();
      // The toast sits below the navigation bar, not over its menus (issue 43).
      const toast = await page
        .getByTestId('toast')
        .filter({ hasText: `Added ${ACTION}` })
        .boundingBox();
      const bar = await page.locator('header.app-header').boundingBox();
      assert.ok(toast.y >= bar.y + bar.height, `toast top ${toast.y} below the bar's bottom ${bar.y + bar.height}`);

      await removeButton.click();
      await confirmButton.click();
      await expect(actionItem).not.toBeAttached();
      await expect(page.getByText(`Removed ${ACTION} from ${restricted.email}`)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('admin: /users/permissions has the margins and title of every page, its sections under it (issue 43)', async () => {
    const { context, page } = await newPage(browser);
    try {
      const h1 = () =>
        page.getByRole('heading', { level: 1 }).evaluate((h) => {
          const s = getComputedStyle(h);
          return { size: s.fontSize, weight: s.fontWeight, left: Math.round(h.getBoundingClientRect().left) };
        });
      await signIn(page, admin, { path: '/locations/all' });
      await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
      const usual = await h1();
      await page.goto(`${stack.webUrl}/users/permissions`);
      await expect(userCard(page, restricted.email)).toBeVisible();
      assert.deepEqual(await h1(), usual);
      const sizes = await page
        .getByRole('heading', { level: 2 })
        .evaluateAll((hs) => hs.map((h) => parseFloat(getComputedStyle(h).fontSize)));
      assert.ok(sizes.length >= 3, `${sizes.length} sections`);
      for (const size of sizes)
        assert.ok(size < parseFloat(usual.size) * 0.75, `a section at ${size}px under ${usual.size}`);
    } finally {
      await context.close();
    }
  });

  test('sign out returns to the sign-in form', async () => {
    const { context, page } = await newPage(browser);
    try {
      // A session of its own: signing out revokes its refresh token, which the saved one must keep.
      await signInThroughForm(page, admin);
      await signOut(page);
      await expect(signInButton(page)).toBeVisible();
      await expect(mainNav(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

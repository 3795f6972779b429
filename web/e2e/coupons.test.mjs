// Browser test of coupon codes (spec 3-planning §2, §5): GENERATE CODE waits
// for every field, the result dialog shows the code, Copy code puts it on the
// clipboard, and the recent-codes table lists it.
import assert from 'node:assert/strict';
import { closeContexts, expect, readStack, signIn, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

let stack;
let browser;
let context;
let page;

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.webUrl).origin });
  page = await context.newPage();
  await signIn(page, stack.users.admin);
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('generates a coupon, copies it, and finds it among the recent codes', async () => {
  await page.goto(new URL('/coupons', stack.webUrl).toString());
  const generate = page.getByRole('button', { name: 'GENERATE CODE' });
  await expect(generate).toBeVisible();
  await expect(generate, 'nothing chosen yet').toBeDisabled();

  await page.getByLabel('Issue type').fill('expired');
  await page.getByRole('option', { name: 'Quality: Item expired' }).click();
  await page.getByLabel('Code value').selectOption('$5');
  // Both pickers start on today (3-planning §9), in the browser's own calendar.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await expect(page.getByLabel('Start date')).toHaveValue(today);
  await expect(page.getByLabel('End date')).toHaveValue(today);
  // An end before the start is caught in the form, in the server's words.
  await page.getByLabel('Start date').fill('2026-12-23');
  await page.getByLabel('End date').fill('2026-12-22');
  await expect(page.getByText('End date cannot be before start date')).toBeVisible();
  await expect(generate, 'the end is before the start').toBeDisabled();
  await page.getByLabel('Start date').fill('2026-11-22');
  await generate.click();

  const dialog = page.getByRole('alertdialog', { name: 'Customer Service Code' });
  const code = (await dialog.getByLabel('Code').innerText()).trim();
  assert.match(code, /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
  await expect(dialog.getByText('Reason: Quality: Item expired')).toBeVisible();
  await expect(dialog.getByText('Value: $5')).toBeVisible();
  await expect(dialog.getByText('Expires: 2026-12-22')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy code' }).click();
  await expect(dialog.getByText('Copied')).toBeVisible();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const recent = page.getByRole('table', { name: 'Your recent codes' });
  await expect(recent.getByText(code)).toBeVisible();
  assert.match(await recent.innerText(), new RegExp(`${code}\\s+Quality: Item expired\\s+\\$5`));
});

test('Escape closes the code dialog and gives the focus back to GENERATE CODE (issue 43)', async () => {
  await page.goto(new URL('/coupons', stack.webUrl).toString());
  const generate = page.getByRole('button', { name: 'GENERATE CODE' });
  await expect(generate).toBeVisible();
  await page.getByLabel('Issue type').fill('expired');
  await page.getByRole('option', { name: 'Quality: Item expired' }).click();
  await page.getByLabel('Code value').selectOption('$5');
  // From the keyboard, as the focus matters here.
  await generate.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Customer Service Code' });
  await expect(dialog.getByLabel('Code')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).not.toBeAttached();
  const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
  assert.equal(focused, 'GENERATE CODE');
  // Not scrolled away to the top: the button is in view.
  assert.equal(
    await generate.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    }),
    true,
  );
});

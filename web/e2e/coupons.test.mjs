// Browser test of coupon codes (spec 3-planning §2, §5): GENERATE CODE waits
// for every field, the result dialog shows the code, Copy code puts it on the
// clipboard, and the recent-codes table lists it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, readStack, signIn } from './helpers.mjs';

let stack;
let browser;
let context;
let page;

before(async () => {
  stack = readStack();
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(stack.webUrl).origin });
  page = await context.newPage();
  await signIn(page, stack.users.admin);
});

after(async () => {
  await browser?.close();
});

test('generates a coupon, copies it, and finds it among the recent codes', async () => {
  await page.goto(new URL('/coupons', stack.webUrl).toString());
  const generate = page.getByRole('button', { name: 'GENERATE CODE' });
  await generate.waitFor();
  assert.equal(await generate.isDisabled(), true, 'nothing chosen yet');

  await page.getByLabel('Issue type').fill('expired');
  await page.getByRole('option', { name: 'Quality: Item expired' }).click();
  await page.getByLabel('Code value').selectOption('$5');
  // Both pickers start on today (3-planning §9), in the browser's own calendar.
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  assert.equal(await page.getByLabel('Start date').inputValue(), today);
  assert.equal(await page.getByLabel('End date').inputValue(), today);
  // An end before the start is caught in the form, in the server's words.
  await page.getByLabel('Start date').fill('2026-12-23');
  await page.getByLabel('End date').fill('2026-12-22');
  await page.getByText('End date cannot be before start date').waitFor();
  assert.equal(await generate.isDisabled(), true, 'the end is before the start');
  await page.getByLabel('Start date').fill('2026-11-22');
  await generate.click();

  const dialog = page.getByRole('alertdialog', { name: 'Customer Service Code' });
  const code = (await dialog.getByLabel('Code').innerText()).trim();
  assert.match(code, /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
  await dialog.getByText('Reason: Quality: Item expired').waitFor();
  await dialog.getByText('Value: $5').waitFor();
  await dialog.getByText('Expires: 2026-12-22').waitFor();
  await dialog.getByRole('button', { name: 'Copy code' }).click();
  await dialog.getByText('Copied').waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), code);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const recent = page.getByRole('table', { name: 'Your recent codes' });
  await recent.getByText(code).waitFor();
  assert.match(await recent.innerText(), new RegExp(`${code}\\s+Quality: Item expired\\s+\\$5`));
});

test('Escape closes the code dialog and gives the focus back to GENERATE CODE (issue 43)', async () => {
  await page.goto(new URL('/coupons', stack.webUrl).toString());
  const generate = page.getByRole('button', { name: 'GENERATE CODE' });
  await generate.waitFor();
  await page.getByLabel('Issue type').fill('expired');
  await page.getByRole('option', { name: 'Quality: Item expired' }).click();
  await page.getByLabel('Code value').selectOption('$5');
  // From the keyboard, as the focus matters here.
  await generate.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Customer Service Code' });
  await dialog.getByLabel('Code').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
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

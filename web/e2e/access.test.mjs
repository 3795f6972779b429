// Browser test: the restricted user (locations only) opens screens behind actions it lacks and is told
// plainly which screen, which permission and where it is granted: no error, no Retry, no empty chart.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, newPage, readStack, signIn, TIMEOUT_MS } from './helpers.mjs';

const stack = readStack();
const { restricted } = stack.users;

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

// A test that fails on purpose (trace-check.mjs runs it): its trace must be kept and open in the viewer.
import { expect, readStack, test } from '../fixtures.mjs';

test('a heading the app never shows', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(readStack().webUrl);
  await expect(page.getByRole('heading', { name: 'A heading the app never shows' })).toBeVisible({ timeout: 2_000 });
});

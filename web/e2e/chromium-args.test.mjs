// How the tests and benches start chromium (helpers.mjs chromiumLaunchOptions): no address-bar WebUI is built in a
// new window (it took a third of a fresh context's first page load, issue 63), and the one `--disable-features` we
// pass still holds Playwright's own list, since Chromium keeps only the last one. Needs no data.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, PLAYWRIGHT_DISABLED_FEATURES, test } from './fixtures.mjs';

/** The features playwright-core disables by default, read from its installed source. */
function playwrightDisabledFeatures() {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const source = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = source.match(/disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/);
  if (!list) throw new Error("playwright-core's disabled features were not found: see helpers.mjs");
  return [...list[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);
}

test("the launch repeats Playwright's own disabled features", () => {
  expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightDisabledFeatures());
});

test('a new page builds no address-bar WebUI beside it', async ({ browser }) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('about:blank');
    // Without the flag Chromium has built both pages by the time the first page has loaded.
    const { targetInfos } = await (await browser.newBrowserCDPSession()).send('Target.getTargets');
    expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url)).toEqual([]);
  } finally {
    await context.close();
  }
});

// The browser tests' side of the runner: @playwright/test's `test` and `expect`, and what only tests
// need on top of the helpers they share with the benches (helpers.mjs, re-exported here, so a test
// file imports from this one module).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { mainNav, readStack, sessionsDir, signIn as signInThroughForm } from './helpers.mjs';

export * from './helpers.mjs';
export { expect, signInThroughForm, test };

/** The file of the session the global setup saved for `email`, when it saved one. */
export const sessionFile = (email) => `${sessionsDir()}${encodeURIComponent(email)}.json`;

/**
 * Opens `path` signed in as `user`. The stack's admin and restricted user were signed in once, through
 * the real form, by the global setup: their saved session (Amplify's tokens in localStorage) is put in
 * the page's context. Anyone else, or another origin, signs in through the form. The sign-in tests
 * themselves use `signInThroughForm`.
 */
export async function signIn(page, user, { webUrl = readStack().webUrl, path = '/home' } = {}) {
  const file = sessionFile(user.email);
  const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (!saved?.origins?.some((o) => o.origin === new URL(webUrl).origin)) {
    return signInThroughForm(page, user, { webUrl, path });
  }
  await page.context().setStorageState(saved);
  await page.goto(`${webUrl}${path}`);
  await expect(mainNav(page)).toBeVisible();
}

/**
 * Waits until `check` answers something truthy (expect.poll, every 250 ms), for at most `ms` (the expect
 * timeout by default). `what` names it on failure: a string, or `{ message, timeout }`.
 */
export function eventually(check, what, ms = undefined) {
  const { message, timeout } = typeof what === 'string' ? { message: what, timeout: ms } : (what ?? {});
  return expect
    .poll(check, { message: `timed out waiting: ${message ?? 'condition'}`, timeout, intervals: [250] })
    .toBeTruthy();
}

/** How many lines the text of `locator` takes (one line box per distinct top). */
export async function linesOf(locator) {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

/** The page is no wider than the window once its layout settles: nothing scrolls sideways. */
export async function assertNoSidewaysScroll(page, where) {
  await expect(async () => {
    const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
      const w = window.innerWidth;
      // The element reaching furthest right, to name the culprit when the test fails.
      let widest = '';
      let right = w;
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right > right + 0.5 && r.width > 0) {
          right = r.right;
          widest = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(r.right)} px)`;
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: w, widest };
    });
    assert.ok(
      scrollWidth <= innerWidth,
      `${where}: the page is ${scrollWidth} px wide in a ${innerWidth} px window; widest: ${widest}`,
    );
  }).toPass({ timeout: 5_000 });
}

/**
 * axe's findings (@axe-core/playwright) on the page, or inside `selector` (an open dialog, a panel): the serious
 * and critical ones, or every impact with `all`. One line per finding, then one per element, for an assertion's
 * message. axe is evaluated through DevTools, not as a page <script>: the app's CSP allows no inline script.
 */
export async function axeFindings(page, selector = null, { all = false } = {}) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations
    .filter((v) => all || v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => [
      `${v.impact} ${v.id} (${v.help}): ${v.nodes.length} element(s)`,
      ...v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`),
    ]);
}

/** Closes what a file opened in the worker's browser (the browser itself is the runner's). */
export async function closeContexts(browser) {
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
}

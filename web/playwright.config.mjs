// The browser tests (e2e/*.test.mjs) on Playwright's runner, against the running local stack
// (.local/stack.json, or FLEET_STACK_JSON): scripts/test.sh starts one and runs them.
//   npx playwright test                      every file
//   npx playwright test e2e/coupons.test.mjs one file (its own data: any file passes alone)
//   npx playwright show-trace test-results/<test>-retry1/trace.zip   what a failed test did (run again, traced)
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, TIMEOUT_MS } from './e2e/helpers.mjs';

const E2E_DIR = new URL('./e2e/', import.meta.url);

/** A test file's code without its comments: a file that only mentions a user in words does not meet it. */
const codeOf = (source) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/**
 * The files that meet the stack's restricted user: access, planograms, route-drivers and shell grant it
 * permissions and take them back, and live-roles and door-claims read what it holds. They run one at a time,
 * beside the rest. Found by the name in their code, not kept by hand, so a new file that uses the user joins
 * them. (live-token's 20-second tokens are kept from the other files by the sign-in lock, in e2e/helpers.mjs.)
 */
export const ONE_AT_A_TIME = readdirSync(E2E_DIR).filter(
  (name) => name.endsWith('.test.mjs') && /\brestricted\b/.test(codeOf(readFileSync(new URL(name, E2E_DIR), 'utf8'))),
);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.test.mjs',
  // Two files at a time on a 2-core machine: one worker left the cores partly idle while its test waited on
  // the stack (8.3 min against 6.7; three 6.1 min, the cores 97% busy, no headroom left). A file's tests
  // still run in order, in one worker (docs/decisions/testing-and-ci.md).
  workers: Number(process.env.E2E_WORKERS || 2),
  fullyParallel: false,
  projects: [
    { name: 'one-at-a-time', testMatch: ONE_AT_A_TIME, workers: 1 },
    { name: 'side-by-side', testIgnore: ONE_AT_A_TIME },
  ],
  // A test that passes only when run again is flaky: reported as such, and the run fails.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  // Files set their own longer limits for their longest tests (test.describe.configure).
  timeout: 4 * TIMEOUT_MS,
  expect: { timeout: TIMEOUT_MS },
  globalSetup: './e2e/global-setup.mjs',
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR || 'test-results',
  reporter: [['list'], ['junit', { outputFile: `${process.env.PLAYWRIGHT_OUTPUT_DIR || 'test-results'}/junit.xml` }]],
  use: {
    // Debian's chromium: no browser is ever downloaded (PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 on install).
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    viewport: { width: 1366, height: 900 },
    actionTimeout: TIMEOUT_MS,
    navigationTimeout: TIMEOUT_MS,
    // Recorded when a failed test runs again, and kept: `npx playwright show-trace <its trace.zip>`.
    // Not on every run: recording every action's snapshots and screencast cost the whole suite
    // half its time again in CI, where the cores are shared.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});

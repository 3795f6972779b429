// Proves that a failing browser test leaves a trace that `npx playwright show-trace` opens:
// runs failing.probe.mjs (it must fail), finds its trace.zip, serves it with show-trace and loads
// the viewer in chromium, which must list the failed expect among the test's actions.
//   node e2e/probes/trace-check.mjs   (from web/, with the local stack running)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../helpers.mjs';

const web = fileURLToPath(new URL('../../', import.meta.url));
const out = mkdtempSync(path.join(tmpdir(), 'trace-check-'));
const npx = (args, opts = {}) =>
  spawn('npx', args, { cwd: web, env: { ...process.env, PLAYWRIGHT_OUTPUT_DIR: out }, ...opts });

const run = spawnSync('npx', ['playwright', 'test', '--config', 'e2e/probes/playwright.probe.config.mjs'], {
  cwd: web,
  env: { ...process.env, PLAYWRIGHT_OUTPUT_DIR: out },
  encoding: 'utf8',
});
if (run.status === 0) throw new Error('the failing probe passed: the check cannot tell a failure');
const traces = readdirSync(out, { recursive: true }).filter((f) => f.endsWith('trace.zip'));
if (traces.length !== 1) throw new Error(`expected one trace.zip in ${out}, found ${traces.length}:\n${run.stdout}`);
const trace = path.join(out, traces[0]);

const port = 9300 + Math.floor(Math.random() * 500);
const viewer = npx(['playwright', 'show-trace', '--host', '127.0.0.1', '--port', String(port), trace], {
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage();
  for (let tries = 0; ; tries++) {
    try {
      await page.goto(`http://127.0.0.1:${port}/`);
      break;
    } catch (e) {
      if (tries >= 40) throw e;
      await page.waitForTimeout(250); // the viewer's server is starting
    }
  }
  // The action list names the failed assertion.
  await page.getByText('toBeVisible', { exact: false }).first().waitFor({ timeout: 30_000 });
  console.log(`trace check: the failing probe left ${trace}, and show-trace lists its actions`);
} finally {
  await browser.close();
  process.kill(-viewer.pid);
}

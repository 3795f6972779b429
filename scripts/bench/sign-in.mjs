#!/usr/bin/env node
// From the Sign in click to /home's content (its list of screens), for two
// builds of the web app served in turn on the same origin (the API's CORS
// allows one), against one stack: the median of RUNS sign-ins each, alternated
// so both see the same machine. Prints both medians and new/old (target <= 1.10).
// Run by scripts/bench/sign-in.sh, which builds both and starts the stack.
//
//   node scripts/bench/sign-in.mjs STACK_JSON NEW_DIST OLD_DIST [RUNS]
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');
const { chromium } = createRequire(path.join(web, 'package.json'))('playwright-core');
const [stackJson, newDist, oldDist, runsArg] = process.argv.slice(2);
const stack = JSON.parse(readFileSync(stackJson, 'utf8'));
const runs = Number(runsArg ?? 5);
const port = new URL(stack.webUrl).port;

/** Serves `dist` on the stack's web port (vite preview, as the stack does) until stopped. */
async function serve(dist) {
  copyFileSync(path.join(path.dirname(stackJson), 'config.json'), path.join(dist, 'config.json'));
  const server = spawn(
    path.join(web, 'node_modules/.bin/vite'),
    ['preview', '--outDir', dist, '--host', '127.0.0.1', '--port', port, '--strictPort'],
    { cwd: web, stdio: 'ignore', detached: true },
  );
  for (let i = 0; i < 100; i++) {
    if (await fetch(stack.webUrl).then((r) => r.ok, () => false)) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`vite preview did not answer on ${stack.webUrl}`);
}

async function stop(server) {
  process.kill(-server.pid);
  for (let i = 0; i < 100 && (await fetch(stack.webUrl).then(() => true, () => false)); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One sign-in in a fresh context: ms from the click to the first screen link on /home. */
async function signInOnce(browser) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await page.goto(`${stack.webUrl}/home`);
  const button = page.getByRole('button', { name: 'Sign in', exact: true });
  await button.waitFor();
  await page.getByLabel('Email', { exact: true }).fill(stack.users.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(stack.users.admin.password);
  // As a user does: the form has been on screen a moment before the click.
  await page.waitForTimeout(1000);
  const started = Date.now();
  await button.click();
  await page.getByRole('list', { name: 'Screens' }).getByRole('link').first().waitFor();
  const ms = Date.now() - started;
  await context.close();
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const times = { new: [], old: [] };
try {
  for (let i = 0; i < runs; i++) {
    for (const [name, dist] of i % 2 ? [['old', oldDist], ['new', newDist]] : [['new', newDist], ['old', oldDist]]) {
      const server = await serve(dist);
      try {
        times[name].push(await signInOnce(browser));
      } finally {
        await stop(server);
      }
    }
  }
} finally {
  await browser.close();
}
const [n, o] = [median(times.new), median(times.old)];
console.log(`sign-in to /home's content, median of ${runs}: new build ${n} ms (${times.new.join(', ')})`);
console.log(`                                        old build ${o} ms (${times.old.join(', ')})`);
console.log(`new / old = ${(n / o).toFixed(2)} (target <= 1.10)`);

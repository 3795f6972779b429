// Signs the stack's admin and restricted user in once, through the real form, and saves each session
// (storageState) for e2e/fixtures.mjs's signIn; a stale session from an earlier run is replaced.
import { mkdirSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, readStack, sessionsDir, signIn } from './helpers.mjs';
import { sessionFile } from './fixtures.mjs';

export default async function globalSetup() {
  const stack = readStack();
  rmSync(sessionsDir(), { recursive: true, force: true });
  mkdirSync(sessionsDir(), { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const user of [stack.users.admin, stack.users.restricted]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await signIn(page, user, { webUrl: stack.webUrl });
      await context.storageState({ path: sessionFile(user.email) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

// Browser test of the sign-in steps beyond the password (issue 60), through the real form against the
// emulator's Cognito: the new password of a user an administrator created, and the forgotten password.
// The emulator answers an administrator-reset user with the new-password challenge rather than
// RESET_PASSWORD, and accepts any reset code: the RESET_PASSWORD step has a unit test (AuthGate.test.tsx).
import { readFileSync } from 'node:fs';
import {
  closeContexts,
  expect,
  mainNav,
  newPage,
  readStack,
  signInButton,
  signInThroughForm,
  signOut,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stack = readStack();
const STACK_FILE = process.env.FLEET_STACK_JSON;

/** One call of the emulator's Cognito (its JSON protocol; the emulator takes unsigned calls). */
async function cognito(target, body) {
  const res = await fetch(stack.endpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': `AWSCognitoIdentityProviderService.${target}`,
      Authorization:
        'AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${target}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The stack's user pool id, from its stack.env beside its stack.json. */
function userPoolId() {
  const file = STACK_FILE
    ? new URL('stack.env', `file://${STACK_FILE}`)
    : new URL('../../.local/stack.env', import.meta.url);
  const id = /USER_POOL_ID='([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!id) throw new Error('no USER_POOL_ID in stack.env');
  return id;
}

/** A new user an administrator created, with a temporary password and no e-mail sent. */
async function createdUser(prefix) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@fleet.test`;
  const temporary = 'Temp-Pass-2026';
  await cognito('AdminCreateUser', {
    UserPoolId: userPoolId(),
    Username: email,
    TemporaryPassword: temporary,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
  return { email, temporary };
}

let browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});
test.afterAll(async () => {
  await closeContexts(browser);
});

test.describe('sign-in steps', () => {
  test('a user an administrator created chooses a password on first sign-in, then signs in with it', async () => {
    const user = await createdUser('new-password');
    const { context, page } = await newPage(browser);
    try {
      await page.goto(`${stack.webUrl}/home`);
      await expect(signInButton(page)).toBeVisible();
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.temporary);
      await signInButton(page).click();
      await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
      await page.getByLabel('Password', { exact: true }).fill('Chosen-Pass-2026');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen-Pass-2026');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(mainNav(page)).toBeVisible();
      await signOut(page);
      await signInThroughForm(page, { email: user.email, password: 'Chosen-Pass-2026' }, { webUrl: stack.webUrl });
      await expect(mainNav(page)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('a forgotten password is reset with the e-mailed code, then the new one signs in', async () => {
    const user = await createdUser('forgot');
    const { context, page } = await newPage(browser);
    try {
      // Out of the temporary password first, as a working user would be.
      await page.goto(`${stack.webUrl}/home`);
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.temporary);
      await signInButton(page).click();
      await page.getByLabel('Password', { exact: true }).fill('First-Pass-2026');
      await page.getByLabel('Confirm Password', { exact: true }).fill('First-Pass-2026');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(mainNav(page)).toBeVisible();
      await signOut(page);

      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByLabel('Enter your email').fill(user.email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByLabel('Code *').fill('123456');
      await page.getByLabel('New Password', { exact: true }).fill('Reset-Pass-2026');
      await page.getByLabel('Confirm Password', { exact: true }).fill('Reset-Pass-2026');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(signInButton(page)).toBeVisible();
      await signInThroughForm(page, { email: user.email, password: 'Reset-Pass-2026' }, { webUrl: stack.webUrl });
      await expect(mainNav(page)).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

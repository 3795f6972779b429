// Browser test of the live dashboard past its tokens' expiry (issue 61): the office user signs in with tokens that
// live 20 seconds, and the open dashboard stays live after they expire. Changes still arrive and the reads they
// start still answer (aws-amplify refreshes the tokens), an expired token is refused with AppSync's "Token has
// expired.", and a connection dropped after the expiry comes back with a fresh token. The web app's client is given
// the short validity only while this test signs in (the emulator honours a client's token validity, as Cognito
// does); later tokens, the refreshed ones included, live the usual hour. Sets up its own fridges and route on
// today's stocking day.
import assert from 'node:assert/strict';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  closeContexts,
  createLocationAs,
  driverActionAs,
  eventually,
  expect,
  readStack,
  scheduleStopsAs,
  searchDashboard,
  settledStockingDay,
  signIn,
  submitSignInForm,
  test,
  withSignInLock,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const TOKEN_SECONDS = 20;
const stamp = Date.now();
const fridges = [`LIVETOKEN_${stamp}_A`, `LIVETOKEN_${stamp}_B`];
const route = `e2e-token-${stamp % 1000000}`;

let stack;
let browser;
/** The admin's page with the usual hour-long session: sets up the data and plays the driver. */
let setup;
/** The office user's page, signed in with short-lived tokens. */
let office;
/** The office page's real-time connections, as Playwright routes them (to close one from the browser's side). */
const sockets = [];

const date = await settledStockingDay();

const card = () => office.getByRole('region', { name: `Route ${route}`, exact: true });
const stopRow = (n, id) => card().getByRole('row', { name: new RegExp(`^Stop ${n} ${id}`) });
const live = () => office.getByText(/^Live\b/);

async function act(locationId) {
  const { stockingDay } = await driverActionAs(setup, 'LocationStocked', locationId, {
    stockingIndex: 1,
    temperature: 37.4,
  });
  assert.equal(stockingDay, date, 'the action falls in the stocking day under test');
}

/** The ID token aws-amplify keeps for the user signed in on `page`, with its claims. */
async function idTokenOf(page) {
  const token = await page.evaluate(async () => {
    const config = await (await fetch('/config.json', { cache: 'no-store' })).json();
    const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}`;
    return localStorage.getItem(`${prefix}.${localStorage.getItem(`${prefix}.LastAuthUser`)}.idToken`);
  });
  assert.ok(token, 'someone is signed in on the page');
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return { token, claims };
}

/**
 * Signs `page` in through the form while the web app's client issues tokens of `seconds`, then gives the client its
 * own validity back (UpdateUserPoolClient sets every field: the ones it read, and 1 hour where it had none). All of
 * it holding the sign-in lock, so a file running beside this one signs in before or after, with the usual hour.
 */
async function signInWithShortTokens(page, seconds) {
  await page.goto(`${stack.webUrl}/home`);
  await withSignInLock(() => shortTokensSignIn(page, seconds));
}

async function shortTokensSignIn(page, seconds) {
  const config = await (await fetch(`${stack.webUrl}/config.json`)).json();
  const cognito = new CognitoIdentityProviderClient({
    region: config.region,
    endpoint: stack.endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const ids = { UserPoolId: config.userPoolId, ClientId: config.userPoolClientId };
  const { UserPoolClient: own } = await cognito.send(new DescribeUserPoolClientCommand(ids));
  const settings = {
    ...ids,
    ClientName: own.ClientName,
    ExplicitAuthFlows: own.ExplicitAuthFlows,
    ReadAttributes: own.ReadAttributes,
    WriteAttributes: own.WriteAttributes,
    PreventUserExistenceErrors: own.PreventUserExistenceErrors,
    RefreshTokenValidity: own.RefreshTokenValidity,
  };
  await cognito.send(
    new UpdateUserPoolClientCommand({
      ...settings,
      AccessTokenValidity: seconds,
      IdTokenValidity: seconds,
      TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
    }),
  );
  try {
    await submitSignInForm(page, stack.users.admin);
  } finally {
    await cognito.send(
      new UpdateUserPoolClientCommand({
        ...settings,
        AccessTokenValidity: own.AccessTokenValidity ?? 60,
        IdTokenValidity: own.IdTokenValidity ?? 60,
        TokenValidityUnits: own.TokenValidityUnits ?? {
          AccessToken: 'minutes',
          IdToken: 'minutes',
          RefreshToken: 'days',
        },
      }),
    );
  }
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  setup = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(setup, stack.users.admin);
  for (const id of fridges) await createLocationAs(setup, id);
  await scheduleStopsAs(
    setup,
    `token-${stamp}`,
    fridges.map((id, i) => ({ date, market: 'MW', id, route, stop: i + 1, stockingIndex: 1 })),
  );
  // The local real-time endpoint's certificate is made for the run (README: trusting it).
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ignoreHTTPSErrors: true });
  office = await context.newPage();
  await office.routeWebSocket(/\/graphql\/realtime/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('the dashboard stays live past its tokens expiry, and a dropped connection comes back with a fresh token', async () => {
  await signInWithShortTokens(office, TOKEN_SECONDS);
  const first = await idTokenOf(office);
  assert.ok(
    first.claims.exp - first.claims.iat <= TOKEN_SECONDS,
    `the sign-in's ID token lives ${first.claims.exp - first.claims.iat} s, not ${TOKEN_SECONDS}`,
  );
  await searchDashboard(office, date, [route], { webUrl: stack.webUrl });
  await expect(stopRow(1, fridges[0]).getByText('Not Started', { exact: true })).toBeVisible();
  await expect(live(), 'the summary says Live once connected').toBeVisible();

  // Past the expiry (the token's own time, plus a second for the clocks' rounding).
  await eventually(() => Date.now() > first.claims.exp * 1000 + 1000, {
    message: 'the first token has expired',
    timeout: (TOKEN_SECONDS + 15) * 1000,
  });
  const expired = await (
    await fetch(`${stack.apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: first.token },
      body: JSON.stringify({ query: '{ __typename }' }),
    })
  ).json();
  assert.deepEqual(expired.errors?.[0], { errorType: 'UnauthorizedException', message: 'Token has expired.' });

  // A change after the expiry arrives, and the read it starts answers: the page refreshed its tokens.
  await act(fridges[0]);
  await expect(stopRow(1, fridges[0]).getByText('Completed', { exact: true })).toBeVisible({ timeout: 3_000 });
  await expect(live(), 'still live').toBeVisible();
  await expect(office.getByText(/Not updated since/), 'no read failed').toHaveCount(0);
  const refreshed = await idTokenOf(office);
  assert.ok(refreshed.claims.exp > first.claims.exp, 'the page holds a fresh token');

  // The connection drops after the expiry: it comes back, with a fresh token, and is live again.
  assert.ok(sockets.length > 0, 'the page opened a real-time connection');
  for (const ws of sockets.splice(0)) await ws.close();
  await expect(office.getByText('Connection lost. Refreshing every 2 minutes.')).toBeVisible();
  await expect(live(), 'live again').toBeVisible({ timeout: 30_000 });
  await act(fridges[1]);
  await expect(stopRow(2, fridges[1]).getByText('Completed', { exact: true })).toBeVisible({ timeout: 3_000 });
});

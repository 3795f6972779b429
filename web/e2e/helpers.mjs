// What the browser tests (through e2e/fixtures.mjs, on @playwright/test) and the benches under
// scripts/bench/ share: the local stack, Debian's chromium, signing in through the real form,
// calls to the APIs as a signed-in user, and the stocking day. Nothing here needs the test runner.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import lockfile from 'proper-lockfile';

export const TIMEOUT_MS = 30_000;

const STACK_FILE = process.env.FLEET_STACK_JSON || fileURLToPath(new URL('../../.local/stack.json', import.meta.url));

/** Where the browser tests keep the sessions their global setup signed in (beside the stack's stack.json). */
export const sessionsDir = () => fileURLToPath(new URL('e2e-sessions/', `file://${STACK_FILE}`));

/**
 * The running local stack: `{ webUrl, users: { admin: {email, password}, restricted: {...} } }`,
 * written by scripts/run-local.sh. WEB_URL overrides webUrl (e.g. to test a second web server).
 */
export function readStack() {
  let stack;
  try {
    stack = JSON.parse(readFileSync(STACK_FILE, 'utf8'));
  } catch (e) {
    throw new Error(`Cannot read ${STACK_FILE}; start the local stack first (scripts/run-local.sh): ${e.message}`);
  }
  if (process.env.WEB_URL) stack.webUrl = process.env.WEB_URL;
  stack.webUrl = stack.webUrl.replace(/\/+$/, '');
  return stack;
}

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65, chromiumSwitches.ts). Chromium keeps the last
 * `--disable-features` it is given, so ours repeats theirs; e2e/chromium-args.test.mjs fails when theirs changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 15x builds its address bar's popup as a WebUI page (~200 chrome:// modules) in every new window, in a
 * renderer of its own: on two cores it took a third of a fresh context's first page load (/home 524-561 ms with it,
 * 350-361 ms without, same build and stack, median of 7; issue 63). A user's browser has built it long before they
 * open the console; the tests and benches open a new context per page. Puppeteer disables both by default
 * (puppeteer#15278).
 */
const NO_OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** How the browser tests and the benches start Debian's chromium (never a downloaded one). */
export function chromiumLaunchOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_WEBUI].join(',')}`,
    ],
  };
}

/** A browser of its own, for the benches (the tests get Playwright's `browser` fixture). */
export async function launchBrowser() {
  return chromium.launch(chromiumLaunchOptions());
}

/** Alias of launchBrowser (used by locations.test.mjs). */
export const launch = launchBrowser;

/** A fresh context (its own storage, so its own session) and page. */
export async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TIMEOUT_MS);
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  return { context, page };
}

/** The main navigation bar: visible once the user is signed in and the app has started. */
/** A page of its own context (1400×1000), signed in as the stack's admin through the real form. */
export async function adminPage(browser, stack = readStack()) {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
  await signIn(page, stack.users.admin, { webUrl: stack.webUrl });
  return page;
}

export const mainNav = (page) => page.getByRole('navigation', { name: 'Main' });

/** The sign-in form of the Authenticator. */
export const signInButton = (page) => page.getByRole('button', { name: 'Sign in', exact: true });

/**
 * Runs `work` holding the stack's sign-in lock, across the test workers and the benches: live-token.test.mjs
 * gives the web app's client 20-second tokens while it signs in, so no other sign-in may be issued tokens
 * meanwhile (a test's API calls read the ID token straight from the page's storage, with no refresh).
 * proper-lockfile's lock is a directory beside the stack's sessions; a holder that died leaves it stale in 10 s.
 */
export async function withSignInLock(work) {
  mkdirSync(sessionsDir(), { recursive: true });
  const release = await lockfile.lock(`${sessionsDir()}sign-in`, {
    realpath: false,
    retries: { retries: 600, minTimeout: 50, maxTimeout: 200 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}

/** Fills the Authenticator form on `page` and waits for the app, without the sign-in lock (its holder's own). */
export async function submitSignInForm(page, user) {
  await signInButton(page).waitFor();
  const username = page.getByLabel('Email', { exact: true }).or(page.getByLabel('Username', { exact: true }));
  await username.first().fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await signInButton(page).click();
  await mainNav(page).waitFor();
}

/** Opens `path` (default /home), fills the Authenticator form and waits for the app. */
export async function signIn(page, user, { webUrl = readStack().webUrl, path = '/home' } = {}) {
  await page.goto(`${webUrl}${path}`);
  await withSignInLock(() => submitSignInForm(page, user));
}

/** Opens a menu of the navigation bar and returns it. */
export async function openMenu(page, name) {
  await mainNav(page).getByRole('button', { name, exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

export async function closeMenu(page) {
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
}

/** Logs out from the user menu and waits for the sign-in form. */
export async function signOut(page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await signInButton(page).waitFor();
}

/**
 * Calls the GraphQL API directly, as the user signed in on `page` (which must be on the app's
 * origin): the app's own /config.json gives the URL, Amplify's storage the ID token. For tests
 * that set up data, or change it behind the screen's back. Throws the first error's message.
 */
export async function graphqlAs(page, query, variables = {}) {
  const result = await page.evaluate(
    async ({ query, variables }) => {
      const config = await (await fetch('/config.json', { cache: 'no-store' })).json();
      const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}`;
      const user = localStorage.getItem(`${prefix}.LastAuthUser`);
      const token = user ? localStorage.getItem(`${prefix}.${user}.idToken`) : null;
      if (!token) return { error: 'graphqlAs: nobody is signed in on this page' };
      const res = await fetch(config.graphqlUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: token },
        body: JSON.stringify({ query, variables }),
      });
      const body = await res.json().catch(() => ({}));
      if (body.errors?.length) return { error: body.errors[0].message, errorType: body.errors[0].errorType };
      if (!res.ok) return { error: body.message || `HTTP ${res.status}` };
      return { data: body.data };
    },
    { query, variables },
  );
  if (result.error) throw Object.assign(new Error(result.error), { errorType: result.errorType });
  return result.data;
}

/**
 * A driver's action (createDriverAction), through the API as the driver app sends it, as the user signed in on
 * `page`: `{ id, stockingDay }`. `data` is the event's payload; the request id is unique unless given.
 */
export async function driverActionAs(page, eventType, locationId, data, { requestId, occurredAt = new Date() } = {}) {
  const out = await graphqlAs(
    page,
    'mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id stockingDay } }',
    {
      input: {
        eventType,
        locationId,
        data: JSON.stringify(data),
        // At most 64 characters, as the API allows.
        requestId: requestId ?? `e2e-${eventType}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
        occurredAt: occurredAt.toISOString(),
      },
    },
  );
  return out.createDriverAction;
}

/** A call to the REST API (stage prod) as the user signed in on `page`: `{ status, body }`. */
export async function restAs(page, method, path, body) {
  return apiAs(page, method, `/prod${path}`, body);
}

/**
 * Runs a scheduled function now on the local API (its stand-in for `aws lambda invoke`), as the user signed in on
 * `page`: the local stack runs each schedule as the template does (the fleet health rebuild once a minute), so a test
 * that needs a run sooner asks for one. Answers what the function answered; throws on a failed run.
 */
export async function runScheduleAs(page, functionName) {
  const { status, body } = await apiAs(page, 'POST', `/_local/schedules/${functionName}`);
  if (status !== 200) throw new Error(`runScheduleAs ${functionName}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** A call to the local API at `path` (below its base URL) with the ID token of the user signed in on `page`. */
async function apiAs(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const config = await (await fetch('/config.json', { cache: 'no-store' })).json();
      const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}`;
      const user = localStorage.getItem(`${prefix}.LastAuthUser`);
      const token = user ? localStorage.getItem(`${prefix}.${user}.idToken`) : null;
      if (!token) throw new Error('restAs: nobody is signed in on this page');
      const res = await fetch(`${config.restUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers:
          body === undefined
            ? { Authorization: `Bearer ${token}` }
            : { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** Grants (or with `remove`, removes) an action of the user with this e-mail, as the admin signed in on `page`. */
export async function setPermissionAs(page, email, action, { remove = false } = {}) {
  const { body } = await restAs(page, 'GET', '/users/permissions');
  const user = body?.users?.find((u) => u.email === email)?.user;
  if (!user) throw new Error(`setPermissionAs: no user ${email}`);
  const { status } = await restAs(page, 'POST', remove ? '/users/permissions/remove' : '/users/permissions', {
    user,
    action,
  });
  if (status !== 200) throw new Error(`setPermissionAs: ${status}`);
}

/**
 * Schedules route stops through the route schedule upload's two calls (dry run, then commit) as the user
 * signed in on `page`. Each stop is `{ date, market, id, route, stop, stockingIndex?, stopType? }` (index 1
 * and DELIVERY when left out). Throws unless every stop is written.
 */
export async function scheduleStopsAs(page, uploadId, stops) {
  const rows = stops.map(({ stop, stockingIndex = 1, ...rest }, i) => ({
    row: i + 2,
    values: { stopType: 'DELIVERY', ...rest, stop: String(stop), stockingIndex: String(stockingIndex) },
  }));
  const body = { uploadId, fileName: `${uploadId}.csv`, rows };
  const dry = await restAs(page, 'POST', '/locations/routes/schedule/dry-run', body);
  if (dry.status !== 200) throw new Error(`route schedule dry run: ${dry.status} ${JSON.stringify(dry.body)}`);
  const commit = await restAs(page, 'POST', '/locations/routes/schedule/commit', { ...body, groups: dry.body.groups });
  if (commit.status !== 200) throw new Error(`route schedule commit: ${commit.status} ${JSON.stringify(commit.body)}`);
  const failed = (commit.body?.results ?? []).filter((r) => r.status === 'failed');
  if (failed.length) throw new Error(`stops not written: ${JSON.stringify(failed)}`);
}

/**
 * Creates a location through the API as the user signed in on `page` (the
 * create form's payload; the server merges the defaults) and answers the
 * fields asked for.
 */
export async function createLocationAs(page, id, overrides = {}, fields = 'id') {
  const payload = {
    id,
    prettyName: `E2E ${id}`,
    street: '233 S Wacker Dr',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60606',
    directions: 'Lobby, east wall',
    latitude: '41.8789',
    longitude: '-87.6359',
    onlineDate: '2026-03-01',
    layoutName: 'dummy',
    fridgeSchema: 'MW_STANDARD/latest',
    priceMapTemplate: 'PMT_STANDARD',
    taxRate: '2.25',
    ...overrides,
  };
  const data = await graphqlAs(
    page,
    `mutation E2eCreate($input: AWSJSON!) { createLocation(input: $input) { ${fields} } }`,
    { input: JSON.stringify(payload) },
  );
  return data.createLocation;
}

/** An instant on the Central wall clock: `{ day: 'YYYY-MM-DD', wall: 'YYYY-MM-DDTHH:mm', minutes }` (minutes into the day). */
export function central(at = new Date()) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const day = `${p.year}-${p.month}-${p.day}`;
  return { day, wall: `${day}T${p.hour}:${p.minute}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

/**
 * Sends telemetry messages as fridges do: to the stack's telemetry queue on the emulator (SQS's
 * JSON protocol; the emulator takes unsigned calls). The queue URL comes from the stack's
 * stack.env, beside its stack.json.
 */
export async function sendTelemetry(bodies) {
  const env = readFileSync(new URL('stack.env', `file://${STACK_FILE}`), 'utf8');
  const queueUrl = /QUEUE_URL_TelemetryQueue='([^']+)'/.exec(env)?.[1];
  if (!queueUrl) throw new Error('sendTelemetry: no QUEUE_URL_TelemetryQueue in stack.env');
  const { endpoint } = readStack();
  for (const body of bodies) {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.0',
        'X-Amz-Target': 'AmazonSQS.SendMessage',
        Authorization:
          'AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/sqs/aws4_request, SignedHeaders=host, Signature=0',
      },
      body: JSON.stringify({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`sendTelemetry: ${res.status} ${await res.text()}`);
  }
}

/** Every LIVE location id, through the `locations` query as the user signed in on `page`, sorted. */
export async function liveLocationIds(page) {
  const ids = new Set();
  let nextToken = null;
  do {
    const { locations } = await graphqlAs(
      page,
      'query E2eLive($filter: LocationsFilter, $nextToken: String) { locations(filter: $filter, nextToken: $nextToken) { items { id status } nextToken } }',
      {
        filter: { status: 'LIVE' },
        nextToken,
      },
    );
    for (const l of locations.items) if (l.status === 'LIVE') ids.add(l.id);
    nextToken = locations.nextToken;
  } while (nextToken);
  return [...ids].sort();
}

// Each browser file that writes by date names its window of far-future days here, where no demo
// data or simulator writes. The windows never overlap one another or the API tests' (2040 to 2059),
// and a run picks its week inside its window by the clock, so a re-run against one stack seldom
// meets the last run's data. (Ten-year windows from each file's own year overlapped.)
const OWN_DAY_WINDOWS = [
  'routes',
  'route-drivers',
  'door-claims',
  'pars',
  'dropoff',
  'dropoff-revert',
  'forecast',
  'jit',
  'loginext',
  'wide-tables',
  'long-day',
];
// Eleven windows of 180 weeks: 2060 to 2098.
const WEEKS_PER_WINDOW = 180;
const DAY_MS = 86_400_000;

/** A far-future day of this file's own (a Date at UTC midnight), with the three days either side of it. */
export function ownDay(window, at = Date.now()) {
  const slot = OWN_DAY_WINDOWS.indexOf(window);
  if (slot < 0) throw new Error(`No own-day window named ${window}: add it to OWN_DAY_WINDOWS`);
  const week = slot * WEEKS_PER_WINDOW + (Math.floor(at / 1000) % WEEKS_PER_WINDOW);
  return new Date(Date.UTC(2060, 0, 4) + week * 7 * DAY_MS);
}

/** `ownDay` as YYYY-MM-DD. */
export const ownDateOf = (window, at) => ownDay(window, at).toISOString().slice(0, 10);

/** The stocking day of an instant: its Central date, or the next one from 18:00 Central. */
export function stockingDay(now = new Date()) {
  const { day, minutes } = central(now);
  const date = new Date(`${day}T00:00:00Z`);
  if (minutes >= 18 * 60) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Today's stocking day; a run that would straddle 18:00 Central (the day's change) waits past it first. */
export async function settledStockingDay() {
  const now = Date.now();
  for (let ms = 0; ms < 3 * 60_000; ms += 15_000) {
    if (stockingDay(new Date(now + ms)) !== stockingDay(new Date(now))) {
      await new Promise((r) => setTimeout(r, ms + 20_000));
      break;
    }
  }
  return stockingDay();
}

/**
 * Opens the Stocking Real-Time Dashboard (on `webUrl`), picks `date` and exactly `routes` in its filters (from the
 * form, or from Update Route Filters when a search is remembered), and clicks Search.
 */
export async function searchDashboard(page, date, routes, { webUrl = readStack().webUrl } = {}) {
  await page.goto(`${webUrl}/reports/checkpoints`);
  await page.getByRole('heading', { level: 1, name: 'Stocking Real-Time Dashboard' }).waitFor();
  const updateFilters = page.getByRole('button', { name: 'Update Route Filters' });
  const form = page.getByRole('form', { name: 'Dashboard filters' });
  await form.or(updateFilters).first().waitFor();
  if (await updateFilters.isVisible()) await updateFilters.click();
  await page.getByLabel('Drop Off Date').fill(date);
  await form.getByText(routes[0], { exact: true }).waitFor();
  const deselect = form.getByRole('button', { name: 'Deselect ALL' });
  if (await deselect.isEnabled()) await deselect.click();
  for (const route of routes) {
    await form.getByText(route, { exact: true }).click();
    if (!(await page.getByRole('checkbox', { name: route, exact: true }).isChecked())) {
      throw new Error(`searchDashboard: route ${route} is not chosen`);
    }
  }
  await page.getByRole('button', { name: 'Search' }).click();
}

/**
 * Waits for the running animations in `locator` (its subtree) to end: colours change with a transition (a button
 * enabled, a dialog shown), and axe reads them once it has. One cancelled meanwhile (a re-render) has ended too.
 */
export const settleAnimations = (locator) =>
  locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );

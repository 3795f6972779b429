// Browser test of who sees what on the live screens (issue 61, "Who sees what"). Sets up its own fridges, two routes
// of today's stocking day, and a demo driver on one of them:
// - the driver opens the Stocking Real-Time Dashboard and sees only their own route, with no Needs-attention panel;
//   their subscription is refused by the server (an error on the real-time connection), and no "Live" badge shows;
// - a supervisor (SuperviseStocking, no ViewRoutes) opens View Routes and reads who drives each route; Save is
//   disabled (it needs AssignRoutes);
// - the restricted user (locations only) is refused the dashboard in words, opens no real-time connection, and a
//   subscription they send anyway is refused by its resolver;
// - the fridge health page follows a command live: sent by a teammate in another browser, it shows within 3 s, long
//   before the page's own idle refresh (a minute).
import assert from 'node:assert/strict';
import {
  closeContexts,
  createLocationAs,
  expect,
  graphqlAs,
  readStack,
  scheduleStopsAs,
  settledStockingDay,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const tag = stamp % 1000000;
const fridges = [`ROLE_${stamp}_A`, `ROLE_${stamp}_B`];
const mine = `e2e-role-mine-${tag}`;
const theirs = `e2e-role-theirs-${tag}`;
const DRIVER = 'driver2@fleet.local';

let stack;
let browser;
/** The admin's page: sets up the data through the API. */
let admin;

const date = await settledStockingDay();
const demoUser = (email) => ({ email, password: stack.users.admin.password });

/** A page of its own context, signed in as `user` through the real form. */
async function pageOf(user) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, ignoreHTTPSErrors: true });
  const p = await context.newPage();
  await signIn(p, user);
  return p;
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  admin = await pageOf(stack.users.admin);
  for (const id of fridges) await createLocationAs(admin, id);
  await scheduleStopsAs(admin, `role-${stamp}`, [
    { date, market: 'MW', id: fridges[0], route: mine, stop: 1 },
    { date, market: 'MW', id: fridges[1], route: theirs, stop: 1 },
  ]);
  const assign = 'mutation($input: AssignRouteDriverInput!) { assignRouteDriver(input: $input) { route version } }';
  await graphqlAs(admin, assign, {
    input: { stockingDate: date, route: mine, driverEmail: DRIVER, expectedVersion: 0, requestId: `e2e-role-${stamp}` },
  });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('a driver sees only their own route, no panel, and no Live badge: the server refuses their subscription', async () => {
  const driver = await pageOf(demoUser(DRIVER));
  /** What the real-time endpoint answered the page's subscriptions. */
  const answers = [];
  await driver.routeWebSocket(/\/graphql\/realtime/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      answers.push(JSON.parse(String(message)));
      ws.send(message);
    });
  });
  await driver.goto(new URL('/reports/checkpoints', stack.webUrl).toString());
  await driver.getByLabel('Drop Off Date').fill(date);
  // No route chosen: every route of the date the server lets them see.
  await driver.getByRole('button', { name: 'Search' }).click();
  await expect(driver.getByRole('region', { name: `Route ${mine}`, exact: true })).toBeVisible();
  await expect(driver.getByRole('region', { name: `Route ${theirs}`, exact: true })).toHaveCount(0);
  // The filters offer their own route alone.
  const updateFilters = driver.getByRole('button', { name: 'Update Route Filters' });
  if (await updateFilters.isVisible()) await updateFilters.click();
  const form = driver.getByRole('form', { name: 'Dashboard filters' });
  await expect(form.getByText(mine, { exact: true }), 'their route is offered').toBeVisible();
  await expect(form.getByText(theirs, { exact: true }), "another driver's route is not").toHaveCount(0);
  await expect(driver.getByRole('region', { name: /^Needs attention/ })).toHaveCount(0);

  // The server said no to the subscription (AppSync's error message), and the page shows no Live badge.
  await expect
    .poll(() => answers.find((a) => a.type === 'error'), { message: 'the subscription is refused', timeout: 10_000 })
    .toBeTruthy();
  const refusal = answers.find((a) => a.type === 'error');
  // The resolver's refusal, as the queries give it: the gate's error type and the spec's words (3-planning §6).
  assert.deepEqual(refusal.payload.errors, [{ errorType: 'Forbidden', message: 'Error! User Action Prohibited!' }]);
  assert.equal(answers.filter((a) => a.type === 'start_ack').length, 0, 'no subscription started');
  await expect(driver.getByText(/^Live\b/)).toHaveCount(0);
  await expect(driver.getByText('Connection lost. Refreshing every 2 minutes.')).toHaveCount(0);
  await driver.context().close();
});

/**
 * A subscription to the day's changes sent from `p` as aws-amplify sends one (AppSync's real-time protocol: the
 * `graphql-ws` and `header-…` subprotocols, `connection_init`, then a `start` with its own authorization), with the
 * access token of the user signed in there: the messages the endpoint answered, up to the start's answer.
 */
function subscribeFrom(p, dropOffDate) {
  return p.evaluate(async (dropOffDate) => {
    const config = await (await fetch('/config.json', { cache: 'no-store' })).json();
    const prefix = `CognitoIdentityServiceProvider.${config.userPoolClientId}`;
    const token = localStorage.getItem(`${prefix}.${localStorage.getItem(`${prefix}.LastAuthUser`)}.accessToken`);
    const url = new URL(config.graphqlUrl);
    const auth = { Authorization: token, host: url.host };
    const header = btoa(JSON.stringify(auth)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const socket = new WebSocket(`wss://${url.host}${url.pathname}/realtime`, ['graphql-ws', `header-${header}`]);
    const answers = [];
    return new Promise((resolve) => {
      const done = () => {
        socket.close();
        resolve(answers);
      };
      setTimeout(done, 10_000);
      socket.onerror = () => done();
      socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }));
      socket.onmessage = ({ data }) => {
        const message = JSON.parse(data);
        answers.push(message);
        if (message.type === 'connection_ack') {
          const query = 'subscription($d: String!) { onStockingChanged(dropOffDate: $d) { dropOffDate route kind } }';
          const payload = {
            data: JSON.stringify({ query, variables: { d: dropOffDate } }),
            extensions: { authorization: auth },
          };
          socket.send(JSON.stringify({ id: 's1', type: 'start', payload }));
        }
        if (['start_ack', 'error', 'connection_error'].includes(message.type)) done();
      };
    });
  }, dropOffDate);
}

test('the restricted user cannot subscribe: the dashboard refuses them in words, with no Live badge and no connection', async () => {
  const restricted = await pageOf(stack.users.restricted);
  const sockets = [];
  restricted.on('websocket', (ws) => sockets.push(ws.url()));
  await restricted.goto(new URL('/reports/checkpoints', stack.webUrl).toString());
  await expect(restricted.getByText(/^You do not have access to /)).toBeVisible();
  await expect(restricted.getByText(/^Live\b/)).toHaveCount(0);
  assert.deepEqual(sockets, [], 'the refused page opens no real-time connection');

  // Sent anyway, as aws-amplify would, the subscription is refused by its resolver with the gate's words.
  const answers = await subscribeFrom(restricted, date);
  assert.ok(
    answers.some((a) => a.type === 'connection_ack'),
    `the connection is accepted: ${JSON.stringify(answers)}`,
  );
  const refusal = answers.find((a) => a.type === 'error');
  assert.deepEqual(refusal?.payload?.errors, [{ errorType: 'Forbidden', message: 'Error! User Action Prohibited!' }]);
  assert.equal(answers.filter((a) => a.type === 'start_ack').length, 0, 'no subscription started');

  // The same message from the admin's page starts: the refusal is the restricted user's, not the message's.
  const allowed = await subscribeFrom(admin, date);
  assert.ok(
    allowed.some((a) => a.type === 'start_ack'),
    `the admin's subscription starts: ${JSON.stringify(allowed)}`,
  );
  await restricted.context().close();
});

test('a supervisor opens View Routes and reads who drives each route, with nothing to save', async () => {
  const supervisor = await pageOf(stack.users.supervisor ?? demoUser('supervisor@fleet.local'));
  const { myAccess } = await graphqlAs(supervisor, 'query { myAccess { actions } }');
  assert.ok(myAccess.actions.includes('SuperviseStocking'), 'the demo supervisor supervises');
  assert.ok(!myAccess.actions.includes('ViewRoutes'), 'and does not hold ViewRoutes');
  await supervisor.goto(new URL('/locations/view_routes', stack.webUrl).toString());
  await expect(supervisor.getByRole('heading', { level: 1, name: 'View Routes' })).toBeVisible();
  await supervisor.getByLabel('Date').fill(date);
  const driverOf = supervisor.getByRole('group', { name: `Driver of route ${mine}` });
  await expect(driverOf.getByText(`Driver: ${DRIVER}`, { exact: true })).toBeVisible();
  // Saving still needs AssignRoutes: the field and Save are there, disabled, with the reason.
  await expect(supervisor.getByRole('button', { name: `Save driver for route ${mine}` })).toBeDisabled();
  await expect(supervisor.getByLabel(`Driver e-mail for route ${mine}`)).toBeDisabled();
  await expect(supervisor.getByText(/You do not have access/)).toHaveCount(0);
  await supervisor.context().close();
});

test("the fridge health page shows a teammate's command within 3 s, without a reload", async () => {
  const office = await pageOf(stack.users.admin);
  // The subscription is made once the real-time endpoint acknowledges its start.
  let started;
  const subscribed = new Promise((resolve) => (started = resolve));
  await office.routeWebSocket(/\/graphql\/realtime/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (JSON.parse(String(message)).type === 'start_ack') started();
      ws.send(message);
    });
  });
  await office.goto(new URL(`/locations/health/${encodeURIComponent(fridges[0])}`, stack.webUrl).toString());
  await expect(office.getByRole('heading', { name: `Fridge health: ${fridges[0]}` })).toBeVisible();
  const commands = office.getByRole('table', { name: 'Recent commands' });
  await expect(commands.getByRole('row', { name: /^ServiceRestart/ })).toHaveCount(0);
  // Its commands now refresh only once a minute (none outstanding): only the push shows a new one within 3 s.
  await subscribed;

  const sent = Date.now();
  await graphqlAs(
    admin,
    'mutation($location: ID!, $message: QueueMessageInput!, $requestId: ID!) { createQueueMessage(location: $location, message: $message, requestId: $requestId) { messageId } }',
    {
      location: fridges[0],
      message: { messageType: 'Resource', payload: { resource: 'ServiceRestart', operation: 'DisplayServices' } },
      requestId: `e2e-role-command-${stamp}`,
    },
  );
  await expect(commands.getByRole('row', { name: /^ServiceRestart DisplayServices/ })).toBeVisible({ timeout: 3_000 });
  console.log(`live: the command showed on the health page after ${Date.now() - sent} ms`);
  await office.context().close();
});

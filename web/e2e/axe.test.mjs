// Accessibility of every screen (issue 22): signed in as the admin, each route is opened with its
// data on screen, axe-core is injected and run, and no finding may be 'serious' or 'critical'
// (colour contrast, focusable content hidden from screen readers, names that differ from the
// visible text...). A failure prints every such finding with the elements it concerns. Then the same
// screen, its data on it, is narrowed to 320 px and must not scroll sideways (every width). Read-only.
import assert from 'node:assert/strict';
import {
  assertNoSidewaysScroll,
  axeFindings,
  closeContexts,
  expect,
  liveLocationIds,
  newPage,
  readStack,
  restAs,
  signIn,
  test,
} from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

/** How long a screen may keep the network busy before it is checked anyway (health polls, say). */
const SETTLE_MS = 15_000;

let stack;
let browser;
let page;
/** A LIVE fridge that reported an inventory: its detail, schedule, inventory and health pages. */
let fridge;

const url = (p) => new URL(p, stack.webUrl).toString();

/** A LIVE fridge whose inventory has slots, so that the inventory page shows its slot buttons. */
async function pickFridge() {
  const ids = await liveLocationIds(page);
  assert.ok(ids.length > 0, 'LIVE demo fridges');
  const withSlots = async () => {
    for (const id of ids.slice(0, 30)) {
      const { status, body } = await restAs(page, 'GET', `/locations/${encodeURIComponent(id)}/inventory`);
      if (status === 200 && body?.timestamp && Object.keys(body.inventory?.payload?.itemsBySlot ?? {}).length > 0)
        return id;
    }
    return null;
  };
  let found = null;
  await expect
    .poll(async () => (found = await withSlots()), { timeout: 60_000, intervals: [5_000] })
    .toBeTruthy()
    .catch(() => undefined);
  return found ?? ids[0];
}

/**
 * The routes (`:fridge` is the fridge picked), each with what shows that its data is on screen
 * (besides the screen's heading).
 * Every route of the console is here: the ones with data, the upload and form screens, the notices
 * and placeholders, and the not-found page.
 */
const ROUTES = [
  { path: '/home', ready: (p) => p.getByRole('heading', { level: 1, name: 'Fleet Console' }) },
  { path: '/portfoliohealth', ready: (p) => p.getByRole('table', { name: /^Fridges affected/ }) },
  { path: '/delivery' },
  { path: '/locations/all', ready: (p) => p.getByRole('link', { name: /^Details of / }).first() },
  { path: '/locations/new', ready: (p) => p.getByRole('button', { name: 'Create' }).first() },
  { path: '/locations/bulk_new' },
  {
    path: '/locations/detail/:fridge',
    ready: (p) => p.getByRole('link', { name: 'All scheduled changes' }),
  },
  { path: '/locations/bulk_schedule' },
  { path: '/locations/view_routes' },
  { path: '/locations/update_routes' },
  { path: '/locations/update_weekly_routes' },
  { path: '/locations/update_route_drivers' },
  { path: '/locations/fridge_software', ready: (p) => p.getByRole('table').first() },
  {
    path: '/locations/schedule/:fridge',
    ready: (p) => p.getByRole('link', { name: 'Location details' }),
  },
  { path: '/locations/inventory/:fridge', ready: (p) => p.locator('button[data-slot]').first() },
  { path: '/locations/health/:fridge', ready: (p) => p.getByRole('table', { name: 'Fridge health' }) },
  { path: '/forecast/view' },
  { path: '/forecast/upload' },
  { path: '/pars/list' },
  { path: '/pars/upload' },
  { path: '/pars/prodreport' },
  { path: '/customers/group' },
  { path: '/reports/checkpoints' },
  { path: '/reports/emptychannels' },
  { path: '/reports/stockinglogs' },
  { path: '/reports/routetemperatures' },
  { path: '/reports/dropoffsummary' },
  { path: '/reports/stockouts' },
  { path: '/users/permissions', ready: (p) => p.getByRole('heading', { name: 'admin@fleet.local' }) },
  { path: '/checkpoints' },
  { path: '/loginext' },
  { path: '/jit-management' },
  { path: '/Error' },
  { path: '/coupons' },
  { path: '/planograms' },
  { path: '/csv-pricing' },
  { path: '/item-prices-landing' },
  { path: '/no-such-screen' },
];

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  ({ page } = await newPage(browser));
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, stack.users.admin);
  fridge = await pickFridge();
});

test.afterAll(async () => {
  await closeContexts(browser);
});

for (const route of ROUTES) {
  test(`axe: ${route.path} has no serious or critical findings, and fits 320 px`, async () => {
    const path = route.path.replace(':fridge', encodeURIComponent(fridge));
    await page.goto(url(path));
    await expect(page.locator('h1, h2').first()).toBeVisible();
    if (route.ready) await expect(route.ready(page)).toBeVisible();
    await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
    await page
      .getByRole('status')
      .filter({ hasText: /^Loading/ })
      .first()
      .waitFor({ state: 'detached', timeout: SETTLE_MS })
      .catch(() => {});
    const findings = await axeFindings(page);
    assert.deepEqual(
      findings,
      [],
      `${path}: ${findings.length} serious/critical axe finding line(s):\n${findings.join('\n')}`,
    );
    await page.setViewportSize({ width: 320, height: 1000 });
    try {
      await assertNoSidewaysScroll(page, `${path} at 320 px`);
    } finally {
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
  });
}

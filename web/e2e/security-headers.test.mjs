// Browser test of the security headers (infra/security-headers.json, which CloudFront sends on AWS and
// `vite preview` sends locally): the served index.html carries each header of the file and a CSP with each of its
// directives, and the app runs under that CSP without one violation while signing in and loading screens that reach
// every kind of source: the APIs, Cognito, a presigned S3 GET (the portfolio health snapshot), item pictures from S3
// (a LIVE demo fridge's inventory, reported by the simulator), and a blob: worker (large spreadsheets unzip in one).
// A violation is seen: a fetch the CSP forbids is caught first. Read-only.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { closeContexts, expect, liveLocationIds, readStack, restAs, signIn, test } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const SPEC = JSON.parse(readFileSync(new URL('../../infra/security-headers.json', import.meta.url), 'utf8'));
/** How long to wait for the simulator's first inventory reports. */
const REPORT_MS = 60_000;

let stack;
let browser;
let context;
let page;
/** CSP violations the page reported (securitypolicyviolation events, and the console's "Refused to ..." errors). */
const violations = [];

const url = (p) => new URL(p, stack.webUrl).toString();

/** The violations recorded in the page since it loaded, and the console's, drained. */
async function seen() {
  const inPage = await page.evaluate(() => window.__cspViolations.splice(0));
  return [...inPage, ...violations.splice(0)];
}

/** A served CSP as directive -> sources. */
function parseCsp(value) {
  return Object.fromEntries(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([directive, ...sources]) => [directive, sources]),
  );
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  stack = readStack();
  browser = workerBrowser;
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  // Before any of the app's scripts, in every document: a violation is kept, not only logged.
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}`),
    );
  });
  page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
});

test.afterAll(async () => {
  await closeContexts(browser);
});

test('index.html and a client-side route carry every header of infra/security-headers.json', async () => {
  for (const path of ['/', '/locations/all']) {
    const res = await fetch(url(path));
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/, `${path} is the app's index.html`);
    for (const [name, value] of Object.entries(SPEC.headers)) {
      assert.equal(res.headers.get(name), value, `${path}: ${name}`);
    }
    assert.equal(res.headers.get('strict-transport-security'), 'max-age=63072000; includeSubDomains');
    const csp = parseCsp(res.headers.get('content-security-policy') ?? '');
    assert.deepEqual(Object.keys(csp), Object.keys(SPEC.contentSecurityPolicy), `${path}: the CSP's directives`);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.deepEqual(csp['script-src'], ["'self'"], 'no inline or eval script');
    for (const [directive, sources] of Object.entries(SPEC.contentSecurityPolicy)) {
      for (const s of sources.filter((s) => !(s in SPEC.placeholders))) {
        assert.ok(csp[directive].includes(s), `${path}: ${directive} ${s}`);
      }
      for (const s of csp[directive]) {
        assert.ok(!s.includes('{'), `${path}: ${directive} has an unfilled placeholder ${s}`);
      }
    }
    // The local endpoints stand in for the placeholders: the API and the emulator (Cognito, S3).
    const api = new URL(stack.apiUrl).origin;
    const emulator = new URL(stack.endpoint).origin;
    for (const s of [api, emulator]) assert.ok(csp['connect-src'].includes(s), `connect-src ${s}`);
    assert.ok(csp['img-src'].includes(emulator), `img-src ${emulator}`);
  }
});

test('a fetch the CSP forbids is reported', async () => {
  await page.goto(url('/'));
  const blocked = await page.evaluate(() =>
    fetch('https://example.com/', { mode: 'no-cors' }).then(
      () => 'fetched',
      (e) => e.name,
    ),
  );
  assert.equal(blocked, 'TypeError', 'the browser refused the request');
  await page.waitForFunction(() => window.__cspViolations.length > 0);
  const found = await seen();
  assert.ok(
    found.some((v) => v.includes('connect-src') && v.includes('example.com')),
    `reported: ${found.join('\n')}`,
  );
});

test('signing in and loading screens that reach every source records no CSP violation', async () => {
  await signIn(page, stack.users.admin);
  assert.deepEqual(await seen(), [], 'signing in (Cognito, the GraphQL and REST APIs)');

  // The snapshot: a presigned S3 GET (connect-src).
  const snapshot = page.waitForResponse((r) => r.url().startsWith(stack.endpoint) && r.request().method() === 'GET');
  await page.goto(url('/portfoliohealth'));
  assert.equal((await snapshot).status(), 200, 'the snapshot was read from S3');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  for (const path of ['/locations/all', '/forecast/upload', '/locations/fridge_software', '/coupons']) {
    await page.goto(url(path));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  // A blob: worker, as fflate starts for a large spreadsheet (worker-src).
  const answer = await page.evaluate(
    () =>
      new Promise((resolve) => {
        try {
          const w = new Worker(URL.createObjectURL(new Blob(['postMessage(6 * 7)'], { type: 'text/javascript' })));
          w.onmessage = (e) => resolve(e.data);
          w.onerror = () => resolve('worker error');
        } catch (e) {
          resolve(e.name);
        }
      }),
  );
  assert.equal(answer, 42, 'a blob: worker runs');
  assert.deepEqual(await seen(), [], 'the screens');
});

test("a fridge's item pictures load from S3 under the CSP", async () => {
  // A LIVE demo fridge with a stocked slot (the simulator reports inventories when it starts).
  const ids = await liveLocationIds(page);
  assert.ok(ids.length > 0, 'LIVE demo fridges');
  let fridge = null;
  const withPictures = async () => {
    for (const id of ids.slice(0, 30)) {
      const { status, body } = await restAs(page, 'GET', `/locations/${encodeURIComponent(id)}/inventory`);
      const slots = status === 200 ? Object.values(body?.inventory?.payload?.itemsBySlot ?? {}) : [];
      if (slots.some((s) => s.itemsInSlot.length > 0 && body.images?.[s.slotItemName])) return id;
    }
    return null;
  };
  await expect
    .poll(async () => (fridge = await withPictures()), {
      message: 'a LIVE demo fridge reported a stocked inventory (is the simulator running?)',
      timeout: REPORT_MS,
      intervals: [5_000],
    })
    .toBeTruthy();
  await page.goto(url(`/locations/inventory/${encodeURIComponent(fridge)}`));
  await expect(page.locator('button[data-slot]').first()).toBeVisible();
  // A picture that fails (a refused URL) turns into the placeholder; the cards below the fold load lazily.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('button[data-slot] img')].some((i) => i.complete && i.naturalWidth > 0),
  );
  const loaded = await page
    .locator('button[data-slot] img')
    .evaluateAll((imgs) =>
      imgs.filter((i) => i.complete && i.currentSrc).map((i) => ({ src: i.currentSrc, width: i.naturalWidth })),
    );
  assert.ok(loaded.length > 0, 'pictures on the cards');
  for (const { src, width } of loaded) {
    assert.ok(src.startsWith(stack.endpoint), `a presigned S3 URL: ${src}`);
    assert.ok(width > 0, `loaded: ${src}`);
  }
  assert.deepEqual(await seen(), [], "the fridge's inventory");
});

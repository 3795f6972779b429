// Browser test of keyboard use (issue 22): Tab reaches the navigation, the filters and the table links in
// a sensible order, the focus is always visible, and a dialog (or menu) traps the focus, closes with
// Escape and gives the focus back to its opener. Run against a running stack:
//   npx playwright test e2e/keyboard.test.mjs
import assert from 'node:assert/strict';
import { closeContexts, createLocationAs, expect, newPage, readStack, signIn, test, TIMEOUT_MS } from './fixtures.mjs';

test.describe.configure({ mode: 'serial' });

const stack = readStack();
const { admin } = stack.users;
const locationId = `E2E_KB_${Date.now()}`;
const url = (p) => new URL(p, stack.webUrl).toString();

let browser;
let context;
let page;

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  ({ context, page } = await newPage(browser));
  await signIn(page, admin);
  await createLocationAs(page, locationId);
});
test.afterAll(async () => {
  await context?.close();
  await closeContexts(browser);
});

/**
 * What has the focus: where it is (nav, main, dialog, menu), its name, its box in page coordinates
 * and how its focus is drawn.
 */
async function focused() {
  // Amplify animates outline and shadow colours on focus: wait until the style stops changing.
  const styleNow = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return '';
      const s = getComputedStyle(el);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow}`;
    });
  // The focus ring's transition ends first (a finished animation; one cancelled by a re-render has ended too).
  await page.evaluate(() =>
    Promise.all((document.activeElement?.getAnimations() ?? []).map((a) => a.finished.catch(() => undefined))),
  );
  // Settled: two readings in a row agree. (A first reading taken as the expected value could be the style from
  // before a transition had started, which the element then never shows again: CI waited out 30 s on that.)
  let last = await styleNow();
  await expect
    .poll(
      async () => {
        const now = await styleNow();
        const settled = now === last;
        last = now;
        return settled;
      },
      { message: 'the focus style settles', intervals: [100] },
    )
    .toBe(true);
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { where: 'body', name: '', box: null, ring: false };
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    const transparent = (c) => c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1 && !transparent(s.outlineColor);
    const shadow = s.boxShadow !== 'none' && !/^rgba\(0, 0, 0, 0\) 0px 0px 0px 0px$/.test(s.boxShadow);
    // Amplify's hidden checkbox/radio inputs draw their ring on the shape next to them.
    const drawn = el.closest('label')?.querySelector('.amplify-checkbox__button, .amplify-radio__button');
    const drawnRing = drawn ? getComputedStyle(drawn, '::before').outlineStyle !== 'none' : false;
    // A date or time field's own calendar button (inside the browser's part of the field) has the focus:
    // the field itself is then not :focus, and the browser draws that button's ring.
    const inPicker = !el.matches(':focus') && /^(date|time|datetime-local|month|week)$/.test(el.type);
    const where = el.closest('dialog')
      ? 'dialog'
      : el.closest('[role="menu"]')
        ? 'menu'
        : el.closest('nav')
          ? 'nav'
          : el.closest('main')
            ? 'main'
            : 'other';
    return {
      where,
      tag: el.tagName,
      name: (el.getAttribute('aria-label') || el.textContent || el.getAttribute('name') || '').trim().slice(0, 60),
      box: {
        left: r.left + window.scrollX,
        top: r.top + window.scrollY,
        right: r.right + window.scrollX,
        bottom: r.bottom + window.scrollY,
      },
      ring: outline || shadow || drawnRing || inPicker,
      style: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} / ${s.boxShadow}`,
    };
  });
}

/** Starts from the top of the page (nothing focused) and presses Tab up to `n` times, recording each stop. */
async function tabFromTop(n) {
  await page.evaluate(() => {
    document.activeElement?.blur?.();
    window.scrollTo(0, 0);
  });
  const stops = [];
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    const stop = await focused();
    // Past the last element of the page, the browser moves on to its own controls.
    if (stop.where === 'body') break;
    stops.push(stop);
  }
  return stops;
}

/** Each next stop is below the previous one, or to its right on the same line. */
function assertReadingOrder(stops, label) {
  const tol = 4;
  for (let i = 1; i < stops.length; i++) {
    const [p, n] = [stops[i - 1].box, stops[i].box];
    const below = n.top >= p.bottom - tol || n.top > p.top + tol;
    const right = n.left >= p.right - tol && n.top < p.bottom + tol;
    assert.ok(
      below || right,
      `${label}: "${stops[i].name}" (${JSON.stringify(n)}) comes after "${stops[i - 1].name}" (${JSON.stringify(p)}) but is above or left of it`,
    );
  }
}

function assertVisibleFocus(stops, label) {
  for (const s of stops) assert.ok(s.ring, `${label}: no visible focus on ${s.where} ${s.tag} "${s.name}": ${s.style}`);
}

/** The nav stops all come before the main stops, each group in reading order. */
function assertNavThenMain(all, label) {
  // The first stop is the skip link (issue 43), before the navigation.
  assert.equal(all[0]?.name, 'Skip to content', `${label}: the first stop is the skip link`);
  const stops = all.slice(1);
  const firstMain = stops.findIndex((s) => s.where === 'main');
  assert.ok(firstMain > 0, `${label}: Tab never reached the main area: ${stops.map((s) => s.name).join(', ')}`);
  const nav = stops.slice(0, firstMain);
  const main = stops.slice(firstMain).filter((s) => s.where === 'main');
  assert.ok(
    nav.every((s) => s.where === 'nav'),
    `${label}: before the main area only the nav: ${nav.map((s) => `${s.where}:${s.name}`).join(', ')}`,
  );
  assert.ok(
    stops.slice(firstMain).every((s) => s.where === 'main'),
    `${label}: after the nav, the focus stays in the main area: ${stops
      .slice(firstMain)
      .map((s) => `${s.where}:${s.tag}:${s.name}`)
      .join(', ')}`,
  );
  assertReadingOrder(nav, `${label} (nav)`);
  assertReadingOrder(main, `${label} (main)`);
  return { nav, main };
}

test.describe('keyboard use', () => {
  test.describe.configure({ timeout: 6 * TIMEOUT_MS });
  test('/locations/all: Tab reaches the nav, then the filters, then the table links, all with a visible focus', async () => {
    await page.goto(url('/locations/all'));
    await expect(page.getByRole('link', { name: /^Details of / }).first()).toBeVisible();
    const stops = await tabFromTop(36);
    const { nav, main } = assertNavThenMain(stops, '/locations/all');
    assertVisibleFocus(stops, '/locations/all');
    assert.ok(
      nav.some((s) => s.name.startsWith('Locations')),
      `the Locations menu is reached: ${nav.map((s) => s.name)}`,
    );
    const at = (pred, what) => {
      const i = main.findIndex(pred);
      assert.ok(i >= 0, `/locations/all: Tab reaches ${what}: ${main.map((s) => s.name).join(', ')}`);
      return i;
    };
    const filter = at((s) => s.tag === 'INPUT' && /^q$|Filter fridges/.test(s.name), 'the fridge filter');
    const driver = at((s) => s.tag === 'SELECT' && s.name.startsWith('All Drivers'), 'the Driver filter');
    const status = at((s) => s.tag === 'SELECT' && s.name.startsWith('All Statuses'), 'the Status filter');
    const allocation = at((s) => s.tag === 'SELECT' && s.name.startsWith('All Allocations'), 'the Allocation filter');
    const details = at((s) => s.tag === 'A' && s.name.startsWith('Details of '), 'a Details link');
    const inventory = at((s) => s.tag === 'A' && s.name.startsWith('Inventory of '), 'an Inventory link');
    const health = at((s) => s.tag === 'A' && s.name.startsWith('Health of '), 'a Health link');
    assert.ok(filter < driver && driver < status && status < allocation, 'the filters in order');
    assert.ok(allocation < details && details < inventory && inventory < health, 'the filters, then the row links');
  });

  test('Skip to content: the first stop, shown only with the focus, takes the focus past the nav to the page', async () => {
    await page.goto(url('/locations/all'));
    await expect(page.getByRole('link', { name: /^Details of / }).first()).toBeVisible();
    const skip = page.getByRole('link', { name: 'Skip to content' });
    const inView = () =>
      skip.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < window.innerHeight;
      });
    assert.equal(await inView(), false, 'out of sight without the focus');
    const [first] = await tabFromTop(1);
    assert.equal(first.name, 'Skip to content');
    assert.ok(first.ring, `the skip link shows the focus: ${first.style}`);
    assert.equal(await inView(), true, 'in sight with the focus');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
    assert.equal(new URL(page.url()).pathname, '/locations/all', 'no navigation');
    await page.keyboard.press('Tab');
    const next = await focused();
    assert.equal(next.where, 'main', `the next stop is in the page: ${next.where} ${next.name}`);
  });

  test('the detail page: Tab reaches the nav, then the Edit buttons in reading order, all with a visible focus', async () => {
    await page.goto(url(`/locations/detail/${locationId}`));
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    const stops = await tabFromTop(40);
    const { main } = assertNavThenMain(stops, 'detail page');
    assertVisibleFocus(stops, 'detail page');
    assert.ok(
      main.filter((s) => s.name.startsWith('Edit ')).length >= 3,
      `Tab reaches the Edit buttons: ${main.map((s) => s.name).join(', ')}`,
    );
  });

  test('an Edit dialog traps the focus, closes with Escape and gives the focus back to its Edit button', async () => {
    await page.goto(url(`/locations/detail/${locationId}`));
    const opener = page.getByRole('button', { name: /^Edit / }).first();
    await expect(opener).toBeVisible();
    const openerName = await opener.getAttribute('aria-label');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    assert.equal((await focused()).where, 'dialog', 'the focus moves into the dialog');

    for (const key of ['Tab', 'Shift+Tab']) {
      const seen = [];
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press(key);
        const f = await focused();
        assert.equal(f.where, 'dialog', `${key} #${i + 1} left the dialog for ${f.where} ${f.tag} "${f.name}"`);
        assert.ok(f.ring, `no visible focus in the dialog on ${f.tag} "${f.name}": ${f.style}`);
        seen.push(`${f.tag}:${f.name}`);
      }
      const distinct = new Set(seen);
      assert.ok(distinct.size >= 2, `${key} moves between the dialog's controls: ${[...distinct].join(', ')}`);
      assert.ok(distinct.size < seen.length, `${key} cycles round inside the dialog: ${seen.join(', ')}`);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).not.toBeAttached();
    const back = await focused();
    assert.equal(back.name, openerName, 'the focus is back on the Edit button that opened the dialog');
    assert.ok(back.ring, `the returned focus is visible: ${back.style}`);
  });

  test('the user menu: its items show the focus, Escape closes it and the focus goes back to its button', async () => {
    await page.goto(url('/home'));
    const trigger = page.getByTestId('user-menu');
    await expect(trigger).toBeVisible();
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const item = await focused();
    assert.equal(item.where, 'menu', `the focus is in the menu: ${item.where} ${item.name}`);
    assert.ok(item.ring, `a menu item shows the focus: ${item.style}`);
    await page.keyboard.press('Tab');
    assert.ok(
      (await menu.count()) === 0 || (await focused()).where === 'menu',
      'Tab either closes the menu or stays in it',
    );
    if ((await menu.count()) > 0) {
      await page.keyboard.press('Escape');
      await expect(menu).not.toBeAttached();
    }
    // The menu hands the focus back as it unmounts, a frame or so after it leaves the DOM.
    await page
      .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'user-menu', null, {
        timeout: 2_000,
      })
      .catch(() => {});
    const back = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    assert.equal(back, 'user-menu', 'the focus is back on the user menu button');
  });
});

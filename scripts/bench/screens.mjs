// Every screen of the navigation, and the per-fridge pages, in headless chromium (issue 63): for each, the time
// from navigation to its first useful content (for a screen with a button, such as Search or Fetch Data: its form,
// ready to fill) and from the button's click to its data; median of RUNS fresh browser contexts (empty HTTP caches;
// the admin's session is reused from storage, as a returning user's is). The first run's server side is read from
// the local API's /_usage: the invocations, AWS calls, and the milliseconds each function was running (runningMs)
// and waiting for AWS answers (waitingMs: the emulator's share, locally), each with things at once counted once,
// summed over the functions. Prints one JSON line: { fridges, date, screens: { name: { path, runs, ms, buttonRuns?,
// buttonMs?, server } } }.
//   node screens.mjs FRIDGES DATE [RUNS] [NAME-FILTER]
// Used by scripts/bench/screens.sh (2,500 fridges, simulators running).
import {
  central,
  launch,
  liveLocationIds,
  readStack,
  runScheduleAs,
  signIn,
} from "../../web/e2e/helpers.mjs";

const fridges = Number(process.argv[2] ?? 2500);
const date = process.argv[3] ?? "2026-01-08";
const runs = Number(process.argv[4] ?? 3);
const only = process.argv[5] ? new RegExp(process.argv[5]) : null;
const stack = readStack();
const TIMEOUT = 30_000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const hoursAgo = (h) => central(new Date(Date.now() - h * 3_600_000)).wall;

/**
 * A screen is ready when its heading is on screen, `content` (a selector inside main, when given) is there and
 * nothing in main still says it is loading: no page loader, busy table, progress bar or 'Loading…' text. A
 * `progressive` screen shows its first page while later ones load: its content alone makes it ready.
 * Checked every frame (a locator's wait polls up to 500 ms apart, which times a screen late by as much).
 */
const ready = (page, { content = null, progressive = false }) =>
  page.waitForFunction(
    ([selector, firstPage]) => {
      const main = document.querySelector("main");
      if (!main || !main.querySelector("h1")) return false;
      if (selector && !main.querySelector(selector)) return false;
      if (firstPage) return true;
      if (
        document.querySelector(
          '.page-loader, main [aria-busy="true"], main progress, main [role="progressbar"]',
        )
      )
        return false;
      return ![...main.querySelectorAll('[role="status"], p, span')].some((e) =>
        /^Loading\b/.test(e.textContent.trim()),
      );
    },
    [content, progressive],
    { timeout: TIMEOUT, polling: "raf" },
  );

/** Waits, every frame, for a field labelled `label`, then fills it. Answers when the field was there. */
async function fill(page, label, value) {
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll("label")].some(
        (l) => l.textContent.trim() === name && l.control,
      ),
    label,
    { timeout: TIMEOUT, polling: "raf" },
  );
  const at = Date.now();
  await page.getByLabel(label, { exact: true }).fill(value);
  return at;
}

/** Clicks the enabled button named `name` once it can be clicked; returns when it was. */
async function click(page, name) {
  const button = page.getByRole("button", { name, exact: true });
  await button.click({ trial: true, timeout: TIMEOUT });
  const at = Date.now();
  await button.click();
  return at;
}

/** A screen's form: its first field's arrival (the screen's first content) and its button's click. */
const dayForm =
  (label = "Date", day = () => date) =>
  async (page) => {
    const form = await fill(page, label, day());
    return { form, clicked: await click(page, "Search") };
  };
const lastDay = async (page) => {
  const form = await fill(page, "From", hoursAgo(24));
  await fill(page, "To", hoursAgo(-0.2));
  return { form, clicked: await click(page, "Fetch Data") };
};
// The day reports keep 90 days (3-planning §2): today's, which the simulators fill.
const today = () => central().day;

/** Every route of the navigation (1-locations §2.2), the home page's other screens, and a fridge's pages. */
const screens = (fridge) => [
  { name: "home", path: "/home", content: 'a[href="/locations/all"]' },
  { name: "portfolio health", path: "/portfoliohealth", content: "svg" },
  {
    name: "checkpoints (stocking dashboard)",
    path: "/reports/checkpoints",
    button: dayForm("Drop Off Date"),
    content: 'section[aria-label^="Route "]',
    progressive: true,
  },
  {
    name: "stock outs",
    path: "/reports/stockouts",
    button: dayForm("Date", today),
    content: 'table, [role="alert"]',
  },
  {
    name: "empty channel",
    path: "/reports/emptychannels",
    button: dayForm("Date", today),
    content: 'table, [role="alert"]',
  },
  {
    name: "stocking logs",
    path: "/reports/stockinglogs",
    button: lastDay,
    content: 'table[aria-label="Stocking logs"] tbody tr',
    progressive: true,
  },
  {
    name: "route temperatures",
    path: "/reports/routetemperatures",
    button: lastDay,
    content: 'table[aria-label="Route temperatures"]',
  },
  {
    name: "drop off summary",
    path: "/reports/dropoffsummary",
    button: dayForm("Drop Off Date"),
    content: "table",
  },
  {
    // Its date is its search: the routes load as soon as it is filled.
    name: "view routes",
    path: "/locations/view_routes",
    button: async (page) => {
      const form = await fill(page, "Date", date);
      return { form, clicked: Date.now() };
    },
    content: 'table[aria-label^="Routes on"]',
  },
  {
    name: "upload routes",
    path: "/locations/update_routes",
    content: 'input[type="file"]',
  },
  {
    name: "weekly routes",
    path: "/locations/update_weekly_routes",
    content: 'input[type="file"]',
  },
  { name: "route drivers", path: "/locations/update_route_drivers" },
  { name: "loginext", path: "/loginext" },
  {
    name: "jit management",
    path: "/jit-management",
    button: dayForm("Drop Off Date"),
    content: "table",
  },
  {
    name: "forecast view",
    path: "/forecast/view",
    button: dayForm(),
    content: 'table, [role="alert"]',
  },
  {
    name: "forecast upload",
    path: "/forecast/upload",
    content: 'input[type="file"]',
  },
  { name: "pars view", path: "/pars/list", content: "select" },
  { name: "pars upload", path: "/pars/upload", content: 'input[type="file"]' },
  {
    name: "packing slip report",
    path: "/pars/prodreport",
    button: dayForm(),
    content: 'table, [role="alert"]',
  },
  {
    // The first page of rows is on screen while the rest load (the table says so).
    name: "locations",
    path: "/locations/all",
    content: 'table[aria-label="Locations"] tbody tr[aria-label]',
    progressive: true,
  },
  { name: "add fridge", path: "/locations/new", content: "form" },
  {
    name: "bulk new locations",
    path: "/locations/bulk_new",
    content: 'input[type="file"]',
  },
  { name: "scheduled changes", path: "/locations/schedule" },
  {
    name: "bulk schedule",
    path: "/locations/bulk_schedule",
    content: 'input[type="file"]',
  },
  {
    // The first page of fridges is on screen while the rest load (the table says so).
    name: "fridge software",
    path: "/locations/fridge_software",
    content: 'table[aria-label="Fridge software"] tbody tr',
    progressive: true,
  },
  { name: "planograms", path: "/planograms" },
  { name: "download item prices", path: "/item-prices-landing" },
  {
    name: "update item prices",
    path: "/csv-pricing",
    content: 'input[type="file"]',
  },
  { name: "coupon codes", path: "/coupons", content: "table" },
  // The users and their actions; the related listing of locations below them fills in on its own.
  {
    name: "permissions",
    path: "/users/permissions",
    content: ".permissions-users",
    progressive: true,
  },
  {
    name: "fridge: detail",
    path: `/locations/detail/${fridge}`,
    content: "form, table",
  },
  {
    name: "fridge: health",
    path: `/locations/health/${fridge}`,
    content: "svg",
  },
  {
    name: "fridge: inventory",
    path: `/locations/inventory/${fridge}`,
  },
  { name: "fridge: schedule", path: `/locations/schedule/${fridge}` },
];

/** The screen-facing functions' totals (GraphQL and REST), summed, between two /_usage readings. */
async function usage(token) {
  const res = await fetch(`${stack.apiUrl}/_usage`, {
    headers: { Authorization: token },
  });
  if (!res.ok) throw new Error(`/_usage answered ${res.status}`);
  return res.json();
}
function spent(before, after) {
  const out = {
    invocations: 0,
    calls: 0,
    runningMs: 0,
    waitingMs: 0,
    functions: [],
  };
  for (const [name, a] of Object.entries(after)) {
    if (a.trigger !== "graphql" && a.trigger !== "http") continue;
    const b = before[name] ?? {
      invocations: 0,
      calls: {},
      runningMs: 0,
      waitingMs: 0,
    };
    const invocations = a.invocations - b.invocations;
    if (invocations === 0) continue;
    out.functions.push(`${name} x${invocations}`);
    out.invocations += invocations;
    out.calls += Object.entries(a.calls).reduce(
      (n, [call, c]) => n + c - (b.calls[call] ?? 0),
      0,
    );
    out.runningMs += (a.runningMs ?? 0) - (b.runningMs ?? 0);
    out.waitingMs += (a.waitingMs ?? 0) - (b.waitingMs ?? 0);
  }
  out.runningMs = Math.round(out.runningMs);
  out.waitingMs = Math.round(out.waitingMs);
  return out;
}

const browser = await launch();
const result = { fridges, date, screens: {} };
try {
  // One sign-in through the real form; each timed load is a fresh context with that session in its storage.
  const context = await browser.newContext({
    viewport: { width: 1440, height: 1000 },
  });
  const page = await context.newPage();
  await signIn(page, stack.users.admin);
  // The snapshots the screens read are rebuilt on their schedules: rebuilt now, so each reads the seeded fleet.
  // A baseline from before the local API could run a schedule now (404) rebuilt them on a 2-second tick instead.
  let tickedOnItsOwn = false;
  for (const schedule of [
    "rebuild_fleet_health_snapshot",
    "rebuild_fridge_software_snapshot",
  ]) {
    try {
      await runScheduleAs(page, schedule);
    } catch (e) {
      if (!/: 404 /.test(String(e))) throw e;
      tickedOnItsOwn = true;
    }
  }
  if (tickedOnItsOwn) await page.waitForTimeout(10_000);
  // A demo fridge: the simulators report its inventory and health (the seeded ones have no inventory).
  const ids = await liveLocationIds(page);
  const fridge = ids.find((id) => !id.startsWith("BENCH_")) ?? ids[0];
  const session = await context.storageState();
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(".idToken"));
    return key ? localStorage.getItem(key) : null;
  });
  await context.close();

  for (const screen of screens(fridge)) {
    if (only && !only.test(screen.name)) continue;
    const times = [];
    const buttons = [];
    let server = null;
    for (let run = 0; run < runs; run++) {
      const fresh = await browser.newContext({
        viewport: { width: 1440, height: 1000 },
        storageState: session,
      });
      const tab = await fresh.newPage();
      tab.on("pageerror", (err) =>
        console.error(`[${screen.name}] page error: ${err.message}`),
      );
      try {
        const before = run === 0 ? await usage(token) : null;
        const started = Date.now();
        await tab.goto(new URL(screen.path, stack.webUrl).toString());
        const form = screen.button ? await screen.button(tab) : null;
        await ready(tab, screen);
        const shown = Date.now();
        times.push((form?.form ?? shown) - started);
        if (form) buttons.push(shown - form.clicked);
        if (before) {
          await tab.waitForLoadState("networkidle");
          server = spent(before, await usage(token));
        }
      } catch (err) {
        console.error(`${screen.name}: ${err.message.split("\n")[0]}`);
        await tab
          .screenshot({
            path: `/tmp/screens-${screen.name.replace(/\W+/g, "-")}.png`,
          })
          .catch(() => {});
        break;
      } finally {
        await fresh.close();
      }
    }
    if (times.length === 0) continue;
    result.screens[screen.name] = {
      path: screen.path,
      runs: times,
      ms: median(times),
      ...(buttons.length
        ? { buttonRuns: buttons, buttonMs: median(buttons) }
        : {}),
      server,
    };
    console.error(
      `${fridges} fridges, ${screen.name}: ${times.join(", ")} ms` +
        (buttons.length ? `; after its button ${buttons.join(", ")} ms` : ""),
    );
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));

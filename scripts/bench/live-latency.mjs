// Times a driver's action to its change in an open, live dashboard (see live.sh):
// ACTIONS stops on today's stocking day (25 to a route: a route has at most 48),
// the dashboard open on their routes, then a LocationStocked at each stop in
// turn, timed from the call to the row's "Completed". Prints the median and p95.
// Actions come GAP_MS apart (default 3,000): a page reads at most once every 2 s,
// so actions closer than that measure that bound, not the path (GAP_MS=0 shows it).
import {
  createLocationAs,
  graphqlAs,
  launch,
  readStack,
  scheduleStopsAs,
  searchDashboard,
  settledStockingDay,
  signIn,
} from "../../web/e2e/helpers.mjs";

const PER_ROUTE = 25;
const GAP_MS = Number(process.env.GAP_MS ?? 3000);
const actions = Number(process.argv[2] ?? 100);
const stack = readStack();
const date = await settledStockingDay();
const stamp = Date.now();
const routeOf = (i) => `bench-live-${stamp % 1000000}-${Math.floor(i / PER_ROUTE)}`;
const fridges = Array.from({ length: actions }, (_, i) => `BLIVE_${stamp}_${i}`);
const routes = [...new Set(fridges.map((_, i) => routeOf(i)))];
const browser = await launch();
try {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signIn(page, stack.users.admin);
  for (const id of fridges) await createLocationAs(page, id);
  await scheduleStopsAs(
    page,
    `bench-live-${stamp}`,
    fridges.map((id, i) => ({ date, market: "MW", id, route: routeOf(i), stop: (i % PER_ROUTE) + 1, stockingIndex: 1 })),
  );
  await searchDashboard(page, date, routes, { webUrl: stack.webUrl });
  await page.getByText(/^Live\b/).waitFor({ timeout: 30_000 });
  const times = [];
  for (const [i, id] of fridges.entries()) {
    const card = page.getByRole("region", { name: `Route ${routeOf(i)}`, exact: true });
    const row = card.getByRole("row", { name: new RegExp(`^Stop ${(i % PER_ROUTE) + 1} ${id}`) });
    await row.scrollIntoViewIfNeeded();
    await page.waitForTimeout(GAP_MS);
    const t0 = performance.now();
    await graphqlAs(page, "mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id } }", {
      input: {
        eventType: "LocationStocked",
        locationId: id,
        data: JSON.stringify({ stockingIndex: 1, temperature: 37.5 }),
        requestId: `bench-live-${id}`,
        occurredAt: new Date().toISOString(),
      },
    });
    await row.getByText("Completed", { exact: true }).waitFor({ timeout: 30_000 });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `live dashboard, ${actions} driver actions ${GAP_MS} ms apart (simulators stopped): action to its row's new status median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, slowest ${times.at(-1).toFixed(0)} ms (goal: median < 1000 ms, p95 < 2000 ms)`,
  );
} finally {
  await browser.close();
}

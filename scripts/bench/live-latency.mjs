// Times a driver's action to its change in an open, live dashboard (see live.sh):
// one route of ACTIONS stops on today's stocking day, the dashboard open on it,
// then a LocationStocked at each stop in turn, timed from the call to the row's
// "Completed". Prints the median and p95.
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

const actions = Number(process.argv[2] ?? 100);
const stack = readStack();
const date = await settledStockingDay();
const stamp = Date.now();
const route = `bench-live-${stamp % 1000000}`;
const fridges = Array.from(
  { length: actions },
  (_, i) => `BLIVE_${stamp}_${i}`,
);
const browser = await launch();
try {
  const context = await browser.newContext({
    ignoreHTTPSErrors: true,
    viewport: { width: 1400, height: 1000 },
  });
  const page = await context.newPage();
  await signIn(page, stack.users.admin);
  for (const id of fridges) await createLocationAs(page, id);
  await scheduleStopsAs(
    page,
    `bench-live-${stamp}`,
    fridges.map((id, i) => ({
      date,
      market: "MW",
      id,
      route,
      stop: i + 1,
      stockingIndex: 1,
    })),
  );
  await searchDashboard(page, date, [route], { webUrl: stack.webUrl });
  await page.getByText(/^Live\b/).waitFor({ timeout: 30_000 });
  const card = page.getByRole("region", {
    name: `Route ${route}`,
    exact: true,
  });
  const times = [];
  for (const [i, id] of fridges.entries()) {
    const row = card.getByRole("row", {
      name: new RegExp(`^Stop ${i + 1} ${id}`),
    });
    await row.scrollIntoViewIfNeeded();
    const t0 = performance.now();
    await graphqlAs(
      page,
      "mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id } }",
      {
        input: {
          eventType: "LocationStocked",
          locationId: id,
          data: JSON.stringify({ stockingIndex: 1, temperature: 37.5 }),
          requestId: `bench-live-${id}`,
          occurredAt: new Date().toISOString(),
        },
      },
    );
    await row
      .getByText("Completed", { exact: true })
      .waitFor({ timeout: 30_000 });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `live dashboard, ${actions} driver actions (simulators stopped): action to its row's new status median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, slowest ${times.at(-1).toFixed(0)} ms (goal: median < 1000 ms, p95 < 2000 ms)`,
  );
} finally {
  await browser.close();
}

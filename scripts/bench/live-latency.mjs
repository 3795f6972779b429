// Times a driver's action to its change in an open, live dashboard (see live.sh):
// ACTIONS stops on today's stocking day (25 to a route: a route has at most 48),
// the dashboard open on their routes, then a LocationStocked at each stop in
// turn, timed from the call to the row's "Completed" (seen in the page every 10 ms). Prints the median and p95,
// and the medians of the stages between.
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
  // Where the time goes: when the change event reached the page, and when the read it started was sent and answered.
  let stage = null;
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      if (stage && !stage.event && String(f.payload).includes('"type":"data"')) stage.event = performance.now();
    }),
  );
  const isRead = (r) => r.method() === "POST" && (r.postData() ?? "").includes("stockingDashboard(");
  page.on("request", (r) => {
    if (stage?.event && !stage.readSent && isRead(r)) stage.readSent = performance.now();
  });
  page.on("requestfinished", (r) => {
    if (stage?.readSent && !stage.readDone && isRead(r)) stage.readDone = performance.now();
  });
  const stages = { call: [], event: [], wait: [], read: [], render: [] };
  await searchDashboard(page, date, routes, { webUrl: stack.webUrl });
  await page.getByText(/^Live\b/).waitFor({ timeout: 30_000 });
  const times = [];
  for (const [i, id] of fridges.entries()) {
    const card = page.getByRole("region", { name: `Route ${routeOf(i)}`, exact: true });
    const row = card.getByRole("row", { name: new RegExp(`^Stop ${(i % PER_ROUTE) + 1} ${id}`) });
    await row.scrollIntoViewIfNeeded();
    await page.waitForTimeout(GAP_MS);
    // Seen in the page itself, every 10 ms: Playwright's waitFor backs off to polls 500 ms apart, which once added
    // up to half a second to a change that had shown long before.
    const shownAt = page.waitForFunction(
      (id) =>
        [...document.querySelectorAll("tr")].some(
          (tr) =>
            tr.textContent.includes(id) &&
            [...tr.querySelectorAll("*")].some((e) => e.childElementCount === 0 && e.textContent.trim() === "Completed"),
        ) && Date.now(),
      id,
      { polling: 10, timeout: 30_000 },
    );
    const t0 = performance.now();
    const startedAt = Date.now();
    stage = { t0 };
    await graphqlAs(page, "mutation($input: CreateDriverActionInput!) { createDriverAction(input: $input) { id } }", {
      input: {
        eventType: "LocationStocked",
        locationId: id,
        data: JSON.stringify({ stockingIndex: 1, temperature: 37.5 }),
        requestId: `bench-live-${id}`,
        occurredAt: new Date().toISOString(),
      },
    });
    stage.called = performance.now();
    const done = t0 + ((await (await shownAt).jsonValue()) - startedAt);
    await row.getByText("Completed", { exact: true }).waitFor({ timeout: 30_000 });
    times.push(done - t0);
    const { called, event, readSent, readDone } = stage;
    if (event && readSent && readDone) {
      stages.call.push(called - t0);
      stages.event.push(event - called);
      stages.wait.push(readSent - event);
      stages.read.push(readDone - readSent);
      stages.render.push(done - readDone);
    }
    if (process.env.STAGES) console.log(JSON.stringify({ total: done - t0, ...Object.fromEntries(Object.entries(stage).map(([k, v]) => [k, v - t0])) }));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  console.log(
    `stages (medians over ${stages.call.length}): the call ${median(stages.call).toFixed(0)} ms, then the event ${median(stages.event).toFixed(0)} ms, the read sent after ${median(stages.wait).toFixed(0)} ms, answered in ${median(stages.read).toFixed(0)} ms, shown ${median(stages.render).toFixed(0)} ms later`,
  );
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(
    `live dashboard, ${actions} driver actions ${GAP_MS} ms apart (simulators stopped): action to its row's new status median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, slowest ${times.at(-1).toFixed(0)} ms (goal: median < 1000 ms, p95 < 2000 ms)`,
  );
} finally {
  await browser.close();
}

import { launch, readStack, signIn } from "./e2e/helpers.mjs";
const stack = readStack();
const date = process.argv[2] ?? "2030-01-09";
const browser = await launch();
const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
const page = await context.newPage();
const log = [];
const t0 = Date.now();
page.on("request", (r) => { if (r.url().includes("graphql")) r._t = Date.now(); });
page.on("requestfinished", async (r) => {
  if (!r.url().includes("graphql")) return;
  const body = r.postData() ?? "";
  if (!body.includes("StockingDashboard")) return;
  const resp = await r.response();
  const size = (await resp.body()).length;
  const timing = r.timing();
  log.push({ sent: r._t - t0, done: Date.now() - t0, size, ttfb: timing.responseStart, end: timing.responseEnd });
});
await signIn(page, stack.users.admin);
await page.goto(new URL("/reports/checkpoints", stack.webUrl).toString());
await page.getByLabel("Drop Off Date").fill(date);
await page.getByRole("button", { name: "Search" }).click();
await page.waitForFunction(() => { const b = [...document.querySelectorAll("button")].find((b) => b.textContent === "Export CSV"); return b && !b.disabled; }, null, { timeout: 120000, polling: "raf" });
await page.waitForLoadState("networkidle");
for (let i = 0; i < 3; i++) {
  const asOf = await page.getByText(/^As of /).first().innerText();
  await page.evaluate(() => (window.sawRefreshing = false));
  const start = Date.now();
  await page.getByRole("button", { name: "Refresh now" }).click();
  await page.waitForFunction((before) => {
    const status = [...document.querySelectorAll('[role="status"]')].find((e) => e.textContent.startsWith("As of "));
    if (!status) return false;
    if (status.textContent.includes("refreshing")) { window.sawRefreshing = true; return false; }
    return window.sawRefreshing || status.textContent !== before;
  }, asOf, { timeout: 120000, polling: "raf" });
  console.log("refresh", i, Date.now() - start, "ms; click at", start - t0);
  await page.waitForLoadState("networkidle");
}
console.log(JSON.stringify(log, null, 1));
await browser.close();

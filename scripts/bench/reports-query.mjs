// Times the first page of the 7-day driver log and route temperatures
// through the local API from the signed-in browser page, as the screens ask
// them (see reports.sh): the first load, then 10 more.
import { launch, readStack, restAs, signIn } from "../../web/e2e/helpers.mjs";

const stack = readStack();
const browser = await launch();
try {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, stack.users.admin);
  const end = Math.floor(Date.now() / 1000) + 60;
  const start = end - 7 * 86400;
  for (const path of ["/reports/driverlog", "/reports/routetemperatures"]) {
    const times = [];
    let rows = 0;
    for (let i = 0; i < 11; i++) {
      const t0 = performance.now();
      const body = await restAs(page, "GET", `${path}?startTime=${start}&endTime=${end}`);
      times.push(performance.now() - t0);
      if (body.status !== 200) throw new Error(`${path}: ${body.status} ${JSON.stringify(body.body)}`);
      rows = body.body.items.length;
    }
    const [first, ...again] = times;
    again.sort((a, b) => a - b);
    console.log(
      `${path} through the local API, first page of 7 days (${rows} rows): first load ${first.toFixed(0)} ms, median ${again[Math.floor(again.length / 2)].toFixed(0)} ms, slowest ${again.at(-1).toFixed(0)} ms (target < 1000 ms)`,
    );
  }
} finally {
  await browser.close();
}

// Times stockingDashboard through the local API from the signed-in browser
// page, as the screen asks it (see dashboard.sh): the first load, then 20
// refreshes.
import {
  graphqlAs,
  launch,
  readStack,
  signIn,
} from "../../web/e2e/helpers.mjs";

const [date, stops] = [process.argv[2], Number(process.argv[3] ?? 300)];
const stack = readStack();
const browser = await launch();
try {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, stack.users.admin);
  const query = `query($f: StockingDashboardFilter!) { stockingDashboard(filter: $f) {
    asOf routes { route total done lastActionAt stops { stop locationId scannedAt stockedAt accountTier onlineDate
    safetyHold vendingStateLabel status statusLabel driver } } summary { total } parts { slips actions health locations } } }`;
  const times = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const data = await graphqlAs(page, query, { f: { dropOffDate: date } });
    times.push(performance.now() - t0);
    if (data.stockingDashboard.summary.total !== stops)
      throw new Error(
        `expected ${stops} stops, got ${data.stockingDashboard.summary.total}`,
      );
  }
  const [first, ...refreshes] = times;
  refreshes.sort((a, b) => a - b);
  const median = refreshes[Math.floor(refreshes.length / 2)];
  console.log(
    `stockingDashboard through the local API with ${stops} stops: first load ${first.toFixed(0)} ms, refresh median ${median.toFixed(0)} ms, slowest ${refreshes.at(-1).toFixed(0)} ms (target < 1000 ms)`,
  );
} finally {
  await browser.close();
}

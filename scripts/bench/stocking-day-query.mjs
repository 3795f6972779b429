// Times dropOffSummary and jitManagement through the local API from the
// signed-in browser page, as the screens ask them (see stocking-day.sh):
// the first load, then 20 more.
import { graphqlAs, launch, readStack, signIn } from "../../web/e2e/helpers.mjs";

const [date, stops] = [process.argv[2], Number(process.argv[3] ?? 300)];
const lists = [
  ["dropOffSummary", `query($d: String!) { dropOffSummary(dropOffDate: $d) { unconfirmed rows { extendedId locationId locationType routeId packingSlipId pickDate dropStatus statusReason createdBy locked } } }`, (d) => d.dropOffSummary.rows.length],
  ["jitManagement", `query($d: String!) { jitManagement(input: { dropOffDate: $d }) { rows { stockingId region routeId locationId stop jitEnabled jitUnits lockedReason update { email reason } } } }`, (d) => d.jitManagement.rows.length],
];
const stack = readStack();
const browser = await launch();
try {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, stack.users.admin);
  for (const [name, query, count] of lists) {
    const times = [];
    for (let i = 0; i < 21; i++) {
      const t0 = performance.now();
      const data = await graphqlAs(page, query, { d: date });
      times.push(performance.now() - t0);
      if (count(data) !== stops) throw new Error(`${name}: expected ${stops} rows, got ${count(data)}`);
    }
    const [first, ...again] = times;
    again.sort((a, b) => a - b);
    console.log(
      `${name} through the local API with ${stops} rows: first load ${first.toFixed(0)} ms, median ${again[Math.floor(again.length / 2)].toFixed(0)} ms, slowest ${again.at(-1).toFixed(0)} ms (target < 1000 ms)`,
    );
  }
} finally {
  await browser.close();
}

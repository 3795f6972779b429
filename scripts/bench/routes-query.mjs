// Times locationRoutes from the signed-in browser page (see routes.sh).
import { graphqlAs, launch, readStack, signIn } from '../../web/e2e/helpers.mjs';

const [date, stops] = [process.argv[2], Number(process.argv[3] ?? 300)];
const stack = readStack();
const browser = await launch();
try {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, stack.users.admin);
  const query = 'query($d: String!) { locationRoutes(stockingDate: $d, calculateTotes: true) { routes { route stop id toteCountPerStop toteCountPerRoute } } }';
  const times = [];
  for (let i = 0; i < 21; i++) {
    const t0 = performance.now();
    const data = await graphqlAs(page, query, { d: date });
    const ms = performance.now() - t0;
    if (data.locationRoutes.routes.length !== stops) throw new Error(`expected ${stops} stops, got ${data.locationRoutes.routes.length}`);
    if (i > 0) times.push(ms); // the first call warms the function
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`locationRoutes with ${stops} stops and tote counts: median ${median.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms over ${times.length} calls (target < 300 ms)`);
} finally {
  await browser.close();
}

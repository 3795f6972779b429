// Measures the fridge software screen in headless chromium (see software.sh).
import { launch, readStack, signIn } from '../../web/e2e/helpers.mjs';

const fridges = Number(process.argv[2] ?? 2500);
const stack = readStack();
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const loads = [];
  // From the screen's first data request (after the app has booted) to every row.
  const fromRequest = [];
  for (let run = 0; run < 3; run++) {
    // A fresh context each run: an empty locations cache, the slowest case.
    const context = await browser.newContext({ viewport: { width: 1500, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, stack.users.admin);
    await page.goto(new URL('/home', stack.webUrl).toString());
    const calls = [];
    let started = 0;
    let firstData = Infinity;
    page.on('requestfinished', (r) => {
      const body = r.postData() ?? '';
      const name = /(query|mutation)\s+(\w+)/.exec(body)?.[2] ?? r.url().split('/').slice(3).join('/');
      // From navigation: when the call was sent and when its answer had arrived.
      const t = r.timing();
      if (/^(ListLocations|GetFridgeArtifacts)$/.test(name)) firstData = Math.min(firstData, t.startTime - started);
      if (r.url().includes('/graphql') || r.url().includes('/prod/')) calls.push(`${name} ${Math.round(t.startTime - started)}-${Math.round(t.startTime + t.responseEnd - started)} ms`);
    });
    started = Date.now();
    await page.goto(new URL('/locations/fridge_software', stack.webUrl).toString());
    // Every fridge loaded: the count line reads 'N of M fridges' with M >= fridges, and the versions shown.
    await page.waitForFunction(
      (n) => {
        const m = /of (\d+) fridges/.exec(document.body.innerText);
        const versions = document.querySelectorAll('table[aria-label="Fridge software"] tbody td:nth-child(5)');
        return m && Number(m[1]) >= n && [...versions].some((td) => td.textContent);
      },
      fridges,
      { timeout: 60_000, polling: 10 },
    );
    loads.push(Date.now() - started);
    fromRequest.push(Date.now() - started - firstData);
    console.log(`run ${run + 1}: ${loads[run]} ms; API calls (sent-answered, from navigation): ${calls.join(', ')}`);
    if (run < 2) {
      await context.close();
      continue;
    }

    // Typing: from each keydown to the next frame after it (React renders the
    // filtered table synchronously for a keystroke), measured in the page.
    const search = page.getByLabel('Search fridges');
    await search.click();
    await page.evaluate(() => {
      window.__latency = [];
      document.addEventListener(
        'keydown',
        () => {
          const t0 = performance.now();
          requestAnimationFrame(() => setTimeout(() => window.__latency.push(performance.now() - t0)));
        },
        true,
      );
    });
    const text = 'BENCH_FRIDGE_01';
    for (let i = 0; i < text.length; i++) {
      await page.keyboard.type(text[i]);
      await page.waitForFunction((n) => window.__latency.length >= n, i + 1);
    }
    const typed = await page.evaluate(() => window.__latency);
    const shown = await page.evaluate(() => /(\d+) of \d+ fridges/.exec(document.body.innerText)?.[1]);
    console.log(`software screen data load with ${fridges} fridges (cold cache, navigation to all rows): runs ${loads.join(', ')} ms, median ${median(loads)} ms (target < 1000 ms)`);
    console.log(`  of which from the screen's first data request to every row: runs ${fromRequest.map(Math.round).join(', ')} ms, median ${Math.round(median(fromRequest))} ms`);
    console.log(`search keystroke to table update: median ${median(typed).toFixed(1)} ms, max ${Math.max(...typed).toFixed(1)} ms over ${typed.length} keys, ${shown} rows left (target < 50 ms)`);
    await context.close();
  }
} finally {
  await browser.close();
}

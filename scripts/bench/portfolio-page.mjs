// Measures /portfoliohealth in headless chromium (see portfolio.sh).
import { launch, readStack, signIn } from "../../web/e2e/helpers.mjs";

const fridges = Number(process.argv[2] ?? 2500);
const stack = readStack();
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const loads = [];
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({
      viewport: { width: 1500, height: 1000 },
    });
    const page = await context.newPage();
    await signIn(page, stack.users.admin);
    await page.goto(new URL("/home", stack.webUrl).toString());
    const started = Date.now();
    // Ready: the list and chart drawn from the snapshot.
    await page.goto(new URL("/portfoliohealth", stack.webUrl).toString());
    await page.waitForFunction(
      () =>
        /Locations \(\d+\)/.test(document.body.innerText) &&
        /as of/.test(document.body.innerText) &&
        document.querySelector("main svg"),
      null,
      { timeout: 60_000, polling: "raf" },
    );
    loads.push(Date.now() - started);
    const shown = await page.evaluate(
      () => /Locations \((\d+)\)/.exec(document.body.innerText)?.[1],
    );
    if (run === 2) {
      console.log(
        `portfolio health with ${fridges} fridges (navigation to list and chart ready): runs ${loads.join(", ")} ms, median ${median(loads)} ms (target < 2000 ms); ${shown} shown with the default filters`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
}

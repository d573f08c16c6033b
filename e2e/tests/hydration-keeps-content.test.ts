// Defect 1 of issue 19: on a first visit, the server-rendered page was replaced by a full-screen spinner
// during hydration and then rendered again. This journey watches the main area from the first
// byte to a settled app, with the CPU slowed as on a phone, and fails on any moment where the rendered content
// gave way to a loading state.
import { appReady, expect, test, useApp } from "../src/harness.js";

const ROUTES = ["/", "/playlist/discover-weekly", "/search?q=a", "/category/Pop"];
const VISITS_PER_ROUTE = 3;

/** Installed before the page's own scripts: records every state of <main> that shows a loader after content. */
function watchMain() {
  const w = window as unknown as { __mainStates: string[] };
  w.__mainStates = [];
  let sawContent = false;
  const look = () => {
    const main = document.querySelector("main");
    if (!main) return;
    const loading = main.querySelector('[aria-label="Loading"]') !== null;
    const text = (main.textContent ?? "").trim();
    if (text.length > 0 && !loading) sawContent = true;
    else if (sawContent)
      w.__mainStates.push(`${loading ? "loader" : "empty"} (${text.length} characters left)`);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
}

useApp();

test.describe("the hydration of a server-rendered page", () => {
  test("keeps the server-rendered content on screen until the app has the same content (CPU slowed 4x)", async ({
    app,
  }) => {
    // Every visit is a fresh profile with the CPU slowed 4x and the session read deferred to idle: on a
    // loaded 2-core machine the whole round took 109 s, past the suite's 90 s default.
    test.setTimeout(400_000);
    const flickers: string[] = [];
    for (const route of ROUTES) {
      for (let visit = 0; visit < VISITS_PER_ROUTE; visit += 1) {
        const { page, context } = await app.phone(); // a fresh browser profile: a first visit
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
        await page.addInitScript(watchMain);
        await page.goto(route);
        await appReady(page);
        await page.waitForLoadState("networkidle");
        const states = await page.evaluate(
          () => (window as unknown as { __mainStates: string[] }).__mainStates,
        );
        if (states.length > 0) flickers.push(`${route} (visit ${visit + 1}): ${states.join(", ")}`);
        await context.close();
      }
    }
    expect(flickers).toEqual([]);
  });
});

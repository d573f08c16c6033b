// 2. Attacks on a developer's machine: the Pi simulator of `pnpm start` minting users for other sites
// or other machines. It needs no shared world: each case starts its own development server.
import { mkdtempSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "vitest";
import { uidForUsername } from "@purplebeats/pi/simulator";
import { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { rawRequest, type RawResponse } from "../src/http.js";
import { sleep } from "../src/stack.js";
import { ADMIN, attackSuite } from "./helpers/attacks.js";

const { record } = attackSuite("attacks-simulator");

describe("attacks: the Pi simulator", () => {
  it("keeps the Pi simulator on this machine unless explicitly opened, with a warning", async () => {
    const t = new Tally();
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    // `pnpm start` as a developer runs it: development, embedded database, simulator on, HOST unset.
    // One database folder for all three starts: migrated once.
    const dataDir = mkdtempSync(path.join(tmpdir(), "pb-sim-home-"));
    const dev = (name: string, env: Record<string, string>) =>
      new ApiProcess({
        name,
        databaseUrl: "",
        piApiUrl: "https://api.minepi.com",
        piApiKey: "",
        env: {
          NODE_ENV: "development",
          HOST: "",
          DATA_DIR: dataDir,
          SEED: "0",
          PI_SIMULATOR: "",
          ...env,
        },
      });
    const mint = (url: string, headers: Record<string, string> = {}) =>
      rawRequest(url, {
        method: "POST",
        path: "/pi-sim/__control/users",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ username: ADMIN, uid: uidForUsername(ADMIN) }),
      }).catch((e: Error) => e);
    const answer = (r: RawResponse | Error) => (r instanceof Error ? r.message : `${r.status} ${r.text}`);

    const home = dev("attacks-sim-home", { TRUST_PROXY: "1" });
    await home.start();
    try {
      const local = await mint(home.url);
      t.check("this machine mints", (local instanceof Error || local.status !== 200) && answer(local));
      const proxied = await mint(home.url, { "x-forwarded-for": "203.0.113.50" });
      t.check(
        "a client from elsewhere (through a proxy) is refused",
        (proxied instanceof Error || proxied.status !== 403) && answer(proxied),
      );
      if (external) {
        const direct = await mint(`http://${external}:${home.port}`);
        t.check(
          "not listening on the network by default",
          !(direct instanceof Error) && `answered ${direct.status}`,
        );
      }
      // Another website's page in the developer's browser (on loopback, so the loopback check passes).
      for (const [name, headers] of [
        ["an Origin of another site", { origin: "https://evil.example" }],
        ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
        ["a sandboxed page (Origin: null)", { origin: "null", "content-type": "text/plain" }],
      ] as const) {
        const r = await mint(home.url, headers);
        t.check(
          `a cross-site mint (${name}) is refused`,
          (r instanceof Error ||
            r.status !== 403 ||
            r.headers["access-control-allow-origin"] !== undefined) &&
            answer(r),
        );
      }
      const preflight = await rawRequest(home.url, {
        method: "OPTIONS",
        path: "/pi-sim/__control/users",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      t.check(
        "a preflight gets no CORS grant",
        preflight.headers["access-control-allow-origin"] !== undefined && JSON.stringify(preflight.headers),
      );
      // DNS rebinding: a name of the attacker's that now points to 127.0.0.1.
      for (const path of ["/pi-sim/__control/users", "/api/songs?limit=1"]) {
        const r = await rawRequest(home.url, {
          method: path.includes("__control") ? "POST" : "GET",
          path,
          headers: { host: `rebind.evil.example:${home.port}`, "content-type": "application/json" },
          body: path.includes("__control") ? JSON.stringify({ username: ADMIN }) : undefined,
        });
        t.check(`a foreign Host on ${path} is refused (421)`, r.status !== 421 && `${r.status} ${r.text}`);
      }
      const named = await mint(home.url, { host: `localhost:${home.port}` });
      t.check(
        "Host: localhost still mints",
        (named instanceof Error || named.status !== 200) && answer(named),
      );
    } finally {
      await home.terminate();
    }

    const refused = dev("attacks-sim-refused", { HOST: "0.0.0.0" });
    const failure = await refused.start().then(
      () => "started",
      (e: Error) => e.message,
    );
    if (refused.alive) await refused.terminate();
    t.check(
      "HOST=0.0.0.0 without PI_SIMULATOR_PUBLIC=1 refuses to start in one line",
      (!failure.includes("PI_SIMULATOR_PUBLIC=1") || /\n\s+at /.test(failure)) && failure.slice(0, 300),
    );

    const open = dev("attacks-sim-open", { HOST: "0.0.0.0", PI_SIMULATOR_PUBLIC: "1" });
    await open.start();
    try {
      // The log line may trail the "running at" line a little.
      for (let i = 0; i < 50 && !/open to the network/.test(open.logs()); i++) await sleep(100);
      t.check(
        "opening it logs a warning",
        !/open to the network/.test(open.logs()) && open.logs().slice(0, 300),
      );
      if (external) {
        const direct = await mint(`http://${external}:${open.port}`);
        t.check(
          "opened on purpose, it answers the network",
          (direct instanceof Error || direct.status !== 200) && answer(direct),
        );
      }
    } finally {
      await open.terminate();
    }
    record(
      "Attacks",
      "the Pi simulator: loopback by default, opened only by PI_SIMULATOR_PUBLIC=1 (with a warning)",
      t,
    );
  });
});

// 6. Operations: graceful shutdown on SIGTERM (in-flight requests finish, nothing is cut), /healthz and
// /readyz, and structured JSON logs with request ids and no secrets or tokens in them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiProcess } from "../src/api-process.js";
import { Tally } from "../src/checks.js";
import { runSeed } from "../src/config.js";
import { premiumUser, readCatalog, type Catalog } from "../src/fixtures.js";
import { Client, rawRequest, startSlowRequest, type RawResponse, type SlowRequest } from "../src/http.js";
import { buyPremium, payUpToCompletion, signInWithPi } from "../src/pi.js";
import { SuiteResults } from "../src/results.js";
import { NO_RATE_LIMITS, sleep, startStack, type Stack } from "../src/stack.js";
import { pngImage } from "../src/images.js";
import { userAgent } from "../src/traffic.js";

const seed = runSeed();
const results = new SuiteResults("operations");

describe("operations", () => {
  let stack: Stack;
  let api: ApiProcess;
  let catalog: Catalog;

  beforeAll(async () => {
    stack = await startStack("operations");
    api = stack.api("operations", { ...NO_RATE_LIMITS, LOG_LEVEL: "info" });
    await api.start();
    catalog = await readCatalog(api.url);
  });

  afterAll(async () => {
    results.save(seed);
    await stack?.stop();
  });

  it("answers /healthz and /readyz", async () => {
    const t = new Tally();
    const health = await rawRequest(api.url, { method: "GET", path: "/healthz" });
    t.check(
      "/healthz",
      (health.status !== 200 || (health.json as { status?: string }).status !== "ok") && health.text,
    );
    const ready = await rawRequest(api.url, { method: "GET", path: "/readyz" });
    t.check(
      "/readyz",
      (ready.status !== 200 || (ready.json as { status?: string }).status !== "ready") && ready.text,
    );
    for (const path of ["/healthz", "/readyz"]) {
      const res = await rawRequest(api.url, { method: "GET", path, headers: { cookie: "pb_session=x" } });
      t.check(`${path} needs no session`, res.status !== 200 && `${res.status}`);
    }
    record("/healthz and /readyz answer without a session (503 of /readyz during an outage: see Faults)", t);
  });

  it("writes structured JSON logs with request ids and no secrets", async () => {
    const t = new Tally();
    const mark = api.logs().length;
    // Everything that carries a secret: sign-in with an access token, sessions, payments, an upload URL.
    const secrets: Array<[string, string]> = [["Pi API key", stack.sim.apiKey]];
    const p = await premiumUser(stack.sim, api.url, "logged-user");
    secrets.push(["Pi access token", p.accessToken], ["session token", p.client.token]);
    const guest = new Client(api.url);
    await guest.asGuest();
    secrets.push(["guest session token", guest.token]);
    const grant = (await p.client.post("/api/objects/upload")).json as { uploadURL: string };
    const uploadToken = grant.uploadURL.split("/").pop()!;
    secrets.push(["upload token", uploadToken]);
    await p.client.request("PUT", new URL(grant.uploadURL).pathname, Buffer.from("<html>"), {
      "content-type": "image/png",
    });
    await p.client.request("PUT", `/api/objects/upload/${uploadToken}x`, Buffer.from("x"), {
      "content-type": "image/png",
    });
    const wrong = await new Client(api.url).post("/api/pi/login", {
      accessToken: "forged-secret-token-123456",
    });
    t.status("a forged sign-in", wrong, 401);
    secrets.push(["forged access token", "forged-secret-token-123456"]);
    await p.client.get(`/api/me`, { authorization: "Bearer header-secret-abcdef" });
    secrets.push(["authorization header", "header-secret-abcdef"]);
    await p.client.post("/api/logout");
    // An error path and a not-found path.
    await guest.get("/api/no-such-route");
    await guest.get("/api/playlists/%00");
    await sleep(300);

    // Every line since the process started, so that each request's two lines are both in view (the
    // startup line printed to the console is the one line that is not a log entry).
    const lines = api
      .logs()
      .split("\n")
      .filter((l) => l.trim() !== "" && !l.startsWith("PurpleBeats is running at"));
    let requestLines = 0;
    const ids = new Map<string, string[]>();
    for (const line of lines) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        t.check(`log line is JSON: ${line.slice(0, 80)}`, "not JSON");
        continue;
      }
      t.check(
        "log line has level, time and msg",
        (typeof entry.level !== "number" ||
          typeof entry.time !== "number" ||
          typeof entry.msg !== "string") &&
          line.slice(0, 120),
      );
      if (entry.req || entry.res) {
        requestLines++;
        t.check("request log line has a request id", typeof entry.reqId !== "string" && line.slice(0, 120));
        if (typeof entry.reqId === "string")
          ids.set(entry.reqId, [...(ids.get(entry.reqId) ?? []), String(entry.msg)]);
      }
    }
    t.check("request lines were logged", requestLines < 10 && `${requestLines} request lines`);
    // The effective configuration in one entry at start (its secrets masked: checked with the rest below).
    const summary = lines.find((l) => l.includes('"msg":"PurpleBeats configuration: '));
    t.check(
      "the start-up configuration line names the mode and masks the Pi API key",
      (!summary || !summary.includes("mode=production") || !summary.includes("pi_api_key=set")) &&
        String(summary).slice(0, 160),
    );
    const unpaired = [...ids.entries()].filter(
      ([, msgs]) => !msgs.includes("incoming request") || !msgs.includes("request completed"),
    );
    t.check(
      "every request id has its incoming and completed lines",
      unpaired.length > 0 && JSON.stringify(unpaired.slice(0, 3)),
    );
    const text = api.logs().slice(mark);
    for (const [what, secret] of secrets) {
      t.check(`no ${what} in the logs`, secret.length >= 8 && text.includes(secret) && `found ${what}`);
    }
    // Across everything this process has logged in the run, too.
    const all = api.logs();
    for (const [what, secret] of secrets)
      t.check(`no ${what} anywhere in the log`, all.includes(secret) && `found ${what}`);
    record(
      `structured logs: every line JSON with level/time/msg, request ids pairing incoming and completed, the configuration line at start, ${secrets.length} kinds of secret absent (API key, access tokens, session tokens, upload token, Authorization)`,
      t,
    );
  });

  it("finishes in-flight requests on SIGTERM, then exits 0 promptly", async () => {
    const t = new Tally();
    const listener = await premiumUser(stack.sim, api.url, "sigterm-listener");
    const payer = await signInWithPi(stack.sim, new Client(api.url), "sigterm-payer");
    const paid = await payUpToCompletion(stack.sim, payer);
    const grants = await Promise.all(
      Array.from(
        { length: 5 },
        async () =>
          ((await listener.client.post("/api/objects/upload")).json as { uploadURL: string }).uploadURL,
      ),
    );
    // Idle keep-alive connections, as browsers leave them.
    for (let i = 0; i < 5; i++) await new Client(api.url, { agent: userAgent() }).get("/api/songs/genres");

    const headers = (c: Client, type = "application/json") => ({
      cookie: c.cookie,
      "x-purplebeats-client": "1",
      "content-type": type,
    });
    const started: Array<Promise<SlowRequest>> = [];
    const songs = catalog.songs.slice(0, 10);
    for (const s of songs) {
      started.push(
        startSlowRequest(api.url, {
          method: "POST",
          path: "/api/liked-songs",
          headers: headers(listener.client),
          body: JSON.stringify({ songId: s.id }),
        }),
      );
      started.push(
        startSlowRequest(api.url, {
          method: "POST",
          path: `/api/songs/${s.id}/plays`,
          headers: headers(listener.client),
          body: "{}",
        }),
      );
    }
    started.push(
      startSlowRequest(api.url, {
        method: "POST",
        path: `/api/pi/payment/${paid.paymentId}/complete`,
        headers: headers(payer.client),
        body: JSON.stringify({ txid: paid.txid }),
      }),
    );
    for (const url of grants) {
      started.push(
        startSlowRequest(api.url, {
          method: "PUT",
          path: new URL(url).pathname,
          headers: headers(listener.client, "image/png"),
          body: pngFile(),
        }),
      );
    }
    const slow = await Promise.all(started);
    // A song's audio as the player fetches it: its audioUrl (the stream route) with the listener's session.
    const download = fetchSlowly(api.url, catalog.songs[0]!.audioUrl!, listener.client.cookie);
    await sleep(150);

    const termAt = Date.now();
    const exited = api.signalTerm();
    await sleep(300);
    const answers = await Promise.all(slow.map((r) => r.finish().catch((e: Error) => e)));
    const cut = answers.filter((a) => a instanceof Error);
    t.check(
      "no in-flight request was cut",
      cut.length > 0 && `${cut.length} of ${answers.length} cut: ${String(cut[0])}`,
    );
    const refused = answers.filter((a) => !(a instanceof Error) && a.status >= 300);
    t.check(
      "every in-flight request succeeded",
      refused.length > 0 &&
        refused
          .map((a) => `${(a as RawResponse).status} ${(a as RawResponse).text.slice(0, 80)}`)
          .slice(0, 3)
          .join(" | "),
    );
    const whole = await download;
    t.check(
      "the slow download finished whole",
      whole.error ?? (whole.received !== whole.expected && `${whole.received} of ${whole.expected} bytes`),
    );
    const code = await Promise.race([exited, sleep(15_000).then(() => "still running after 15 s")]);
    const seconds = (Date.now() - termAt) / 1000;
    t.check("exit code 0", code !== 0 && `exit ${code}`);
    t.check(
      "exits within 10 s of SIGTERM (keep-alive connections do not hold it)",
      seconds > 10 && `${seconds.toFixed(1)} s`,
    );
    if (api.alive) await api.kill9();
    const after = await rawRequest(api.url, {
      method: "GET",
      path: "/healthz",
      agent: new (await import("node:http")).Agent(),
    }).catch((e: Error) => e);
    t.check("no longer listening", !(after instanceof Error) && `still answered ${after.status}`);

    // What was answered is in the database.
    const [payment] = await stack.db.query<{ status: string }>(
      `SELECT status FROM pi_payments WHERE payment_id = $1`,
      [paid.paymentId],
    );
    t.check("the payment completed", payment?.status !== "completed" && payment?.status);
    const [likes] = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM liked_songs WHERE user_id = $1`,
      [listener.uid],
    );
    t.check("every like stored", Number(likes?.n) !== songs.length && `${likes?.n} of ${songs.length}`);
    const [plays] = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM play_history WHERE user_id = $1`,
      [listener.uid],
    );
    t.check("every play stored", Number(plays?.n) !== songs.length && `${plays?.n} of ${songs.length}`);
    const [uploads] = await stack.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM uploads WHERE user_id = $1 AND object_key IS NOT NULL`,
      [listener.uid],
    );
    t.check(
      "every upload stored",
      Number(uploads?.n) !== grants.length && `${uploads?.n} of ${grants.length}`,
    );
    t.cases += answers.length;
    console.log(
      `SIGTERM: ${answers.length} in-flight requests answered, exit ${code} after ${seconds.toFixed(1)} s`,
    );

    await api.start();
    t.status("it starts again", await rawRequest(api.url, { method: "GET", path: "/readyz" }), 200);
    const again = await buyPremium(stack.sim, payer).then(
      () => "ok",
      (e: Error) => e.message,
    );
    t.check("a purchase after the restart", again !== "ok" && again);
    record(
      `graceful shutdown: SIGTERM with ${answers.length} requests half-sent (likes, plays, a payment completion, 5 uploads), a slow audio download and idle keep-alive connections; all answered, exit 0 promptly, answered writes stored`,
      t,
    );
  });
});

/** A small real PNG file (about 20 kB). */
const pngFile = () => pngImage(20_000);

/** Downloads a file while reading slowly (a phone on a bad network), so the response is in flight for a while. */
function fetchSlowly(
  baseUrl: string,
  path: string,
  cookie: string,
): Promise<{ received: number; expected: number; error?: string }> {
  return import("node:http").then(
    ({ default: http }) =>
      new Promise((resolve) => {
        const url = new URL(path, baseUrl);
        const req = http.get(
          {
            host: url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            agent: false,
            headers: { cookie },
          },
          (res) => {
            const expected = Number(res.headers["content-length"] ?? -1);
            let received = 0;
            res.on("data", (chunk: Buffer) => {
              received += chunk.length;
              res.pause();
              setTimeout(() => res.resume(), 2);
            });
            res.on("end", () => resolve({ received, expected }));
            res.on("error", (e) => resolve({ received, expected, error: String(e) }));
            res.on("aborted", () => resolve({ received, expected, error: "aborted" }));
          },
        );
        req.on("error", (e) => resolve({ received: 0, expected: -1, error: String(e) }));
      }),
  );
}

function record(what: string, t: Tally) {
  for (const f of t.failures) console.log(`FAIL ${f}`);
  results.add({ area: "Operations", what, cases: t.cases, failures: t.failures.length, writesLost: 0 });
  expect(t.failures).toEqual([]);
}

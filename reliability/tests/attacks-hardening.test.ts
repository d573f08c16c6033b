// 2. What protects the rest: rate limits against brute force, the security headers and cookie flags,
// odd paths and methods, per-user answers kept out of caches, and error answers without internals.
import { randomBytes } from "node:crypto";
import { describe, it } from "vitest";
import { Tally } from "../src/checks.js";
import { SIZES } from "../src/config.js";
import { Client, errorMessage, rawRequest, type RawResponse } from "../src/http.js";
import { signInWithPi } from "../src/pi.js";
import { sleep } from "../src/stack.js";
import { attackSuite, attackTest, type AttackWorld } from "./helpers/attacks.js";

const { record, seed } = attackSuite("attacks-hardening");

describe("attacks: limits and headers", () => {
  let { stack, main, edge, catalog, alice, alicePlaylist } = {} as AttackWorld;
  attackTest.beforeAll(({ world }) => {
    ({ stack, main, edge, catalog, alice, alicePlaylist } = world);
  });

  it("answers brute force on sign-in, payments and uploads with 429", async () => {
    const t = new Tally();
    const from = (ip: string) => ({ "x-forwarded-for": ip });
    // Limits count per minute (fixed windows): start early in a window, so that it does not roll over.
    const intoWindow = (Date.now() / 1000) % 60;
    if (intoWindow > 40) await sleep((61 - intoWindow) * 1000);
    const attempts = SIZES.bruteForceAttempts;
    const ip = `203.0.113.${(seed % 200) + 1}`;
    const c = new Client(edge.url, { headers: from(ip) });
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      const res = await c.post("/api/pi/login", {
        accessToken: `guess-${i}-${randomBytes(8).toString("hex")}`,
      });
      statuses.push(res.status);
      if (res.status === 429)
        t.check("429 message", !/too many/i.test(errorMessage(res.json) ?? "") && res.text);
    }
    t.check(
      "sign-in guesses",
      (statuses.slice(0, 5).some((s) => s !== 401) || statuses.slice(5).some((s) => s !== 429)) &&
        statuses.join(","),
    );
    const real = stack.sim.state.authenticate({ username: "frank" });
    t.status("a real token from the blocked address", await c.post("/api/pi/login", real), 429);
    t.status(
      "a real token from another address",
      await new Client(edge.url, { headers: from("198.51.100.9") }).post("/api/pi/login", real),
      200,
    );
    // Guest creation shares the sign-in bucket.
    const guests: number[] = [];
    for (let i = 0; i < 8; i++)
      guests.push((await new Client(edge.url, { headers: from("192.0.2.77") }).post("/api/guest")).status);
    t.check(
      "guest floods",
      (guests.slice(0, 5).some((s) => s !== 201) || guests.slice(5).some((s) => s !== 429)) &&
        guests.join(","),
    );

    // Payments: keyed by user.
    const payer = await signInWithPi(
      stack.sim,
      new Client(edge.url, { headers: from("198.51.100.20") }),
      "brute-payer",
    );
    const pays: number[] = [];
    for (let i = 0; i < Math.min(attempts, 30); i++) {
      pays.push(
        (await payer.client.post(`/api/pi/payment/guess${i}x${randomBytes(6).toString("hex")}/approve`))
          .status,
      );
    }
    t.check(
      "payment guesses",
      (pays.slice(0, 5).some((s) => s !== 404) || pays.slice(5).some((s) => s !== 429)) && pays.join(","),
    );
    const uploads: number[] = [];
    for (let i = 0; i < 10; i++) uploads.push((await payer.client.post("/api/objects/upload")).status);
    t.check(
      "upload grants",
      (uploads.slice(0, 5).some((s) => s !== 200) || uploads.slice(5).some((s) => s !== 429)) &&
        uploads.join(","),
    );
    // Limits are per caller: another user is not blocked by the first one's flood.
    const calm = await signInWithPi(
      stack.sim,
      new Client(edge.url, { headers: from("198.51.100.21") }),
      "calm-payer",
    );
    t.status(
      "another payer",
      await calm.client.post(`/api/pi/payment/unknown${randomBytes(6).toString("hex")}/approve`),
      404,
    );
    t.cases += statuses.length + guests.length + pays.length + uploads.length - 4;
    record(
      "Attacks",
      "brute force: sign-in token guessing, guest floods, payment id guessing, upload grants (429 after the limit, per address or user)",
      t,
    );
  });

  it("sends the security headers and cookie flags", async () => {
    const t = new Tally();
    const anyPaths = [
      "/api/songs?limit=1",
      "/api/me",
      "/api/no-such-thing",
      catalog.songs[0]!.audioUrl!,
      "/healthz",
      "/",
    ];
    for (const path of anyPaths) {
      const res = await rawRequest(main.url, { method: "GET", path });
      const csp = String(res.headers["content-security-policy"] ?? "");
      t.check(`${path} nosniff`, res.headers["x-content-type-options"] !== "nosniff" && "missing");
      if (path.startsWith("/media/")) continue;
      t.check(`${path} CSP admits the Pi SDK`, !/script-src[^;]*https:\/\/sdk\.minepi\.com/.test(csp) && csp);
      t.check(
        `${path} CSP frame-ancestors lets the Pi Browser embed us`,
        !/frame-ancestors[^;]*minepi\.com/.test(csp) && csp,
      );
      t.check(
        `${path} no X-Frame-Options that blocks Pi`,
        /deny|sameorigin/i.test(String(res.headers["x-frame-options"] ?? "")) &&
          String(res.headers["x-frame-options"]),
      );
      t.check(
        `${path} no HSTS on plain http`,
        res.headers["strict-transport-security"] !== undefined && "HSTS on http",
      );
    }
    const https = await rawRequest(edge.url, {
      method: "GET",
      path: "/api/me",
      headers: { "x-forwarded-proto": "https" },
    });
    t.check(
      "HSTS behind a TLS proxy",
      !/max-age=\d{7,}/.test(String(https.headers["strict-transport-security"] ?? "")) &&
        String(https.headers["strict-transport-security"]),
    );
    const spoofed = await rawRequest(main.url, {
      method: "GET",
      path: "/api/me",
      headers: { "x-forwarded-proto": "https" },
    });
    t.check(
      "X-Forwarded-Proto ignored without TRUST_PROXY",
      spoofed.headers["strict-transport-security"] !== undefined && "believed a spoofed header",
    );

    const flags = (cookie: string | undefined, label: string) => {
      t.check(`${label}: cookie set`, !cookie && "no cookie");
      if (!cookie) return;
      t.check(`${label}: HttpOnly`, !/;\s*HttpOnly/i.test(cookie) && cookie);
      t.check(`${label}: SameSite=Lax`, !/;\s*SameSite=Lax/i.test(cookie) && cookie);
      t.check(`${label}: Secure in production`, !/;\s*Secure/i.test(cookie) && cookie);
      t.check(`${label}: Path=/`, !/;\s*Path=\//i.test(cookie) && cookie);
    };
    const g = new Client(main.url);
    await g.asGuest();
    flags(g.lastSetCookie, "guest session");
    const p = await signInWithPi(stack.sim, new Client(main.url), "cookie-checker");
    flags(p.client.lastSetCookie, "Pi session");
    await p.client.post("/api/logout");
    flags(p.client.lastSetCookie, "logout clearing");
    record(
      "Attacks",
      "security headers (CSP with the Pi SDK, frame-ancestors for the Pi Browser, nosniff, no X-Frame-Options, HSTS only behind a TLS proxy) and cookie flags (HttpOnly, SameSite=Lax, Secure, Path)",
      t,
    );
  });

  it("answers odd paths and methods like every other request, and keeps per-user responses out of caches", async () => {
    const t = new Tally();
    const headersOk = (label: string, res: RawResponse) => {
      t.check(`${label} nosniff`, res.headers["x-content-type-options"] !== "nosniff" && "missing");
      t.check(
        `${label} CSP`,
        !String(res.headers["content-security-policy"] ?? "").includes("default-src") && "missing",
      );
      t.check(
        `${label} JSON`,
        !/^application\/json/.test(String(res.headers["content-type"])) &&
          String(res.headers["content-type"]),
      );
    };
    for (const path of ["/api/%", "/api/songs/%E0%A4%A", "/%"]) {
      const res = await rawRequest(main.url, { method: "GET", path });
      t.status(`GET ${path}`, res, 400);
      headersOk(`GET ${path}`, res);
    }
    for (const [method, path, allow] of [
      ["DELETE", "/api/guest", "POST"],
      ["PUT", "/api/songs", "GET, HEAD"],
      ["PATCH", `/api/playlists/${alicePlaylist.id}`, "GET, HEAD, PUT, DELETE"],
      ["DELETE", "/trpc/auth.me", "GET"],
      ["GET", "/trpc/auth.logout", "POST"],
    ] as const) {
      const res = await rawRequest(main.url, {
        method,
        path,
        headers: { cookie: alice.client.cookie, "x-purplebeats-client": "1" },
      });
      t.status(`${method} ${path}`, res, 405);
      t.check(`${method} ${path} Allow`, res.headers["allow"] !== allow && String(res.headers["allow"]));
      headersOk(`${method} ${path}`, res);
    }
    for (const path of [
      "/api/me",
      `/api/membership/${alice.uid}`,
      "/api/liked-songs",
      `/api/library-playlists/${alice.uid}`,
      `/api/playlists/user/${alice.uid}`,
      "/trpc/auth.me",
    ]) {
      const res = await rawRequest(main.url, {
        method: "GET",
        path,
        headers: { cookie: alice.client.cookie, "x-purplebeats-client": "1" },
      });
      t.status(`GET ${path}`, res, 200);
      t.check(
        `GET ${path} Cache-Control`,
        res.headers["cache-control"] !== "private, no-store" && String(res.headers["cache-control"]),
      );
    }
    const csp = String(
      (await rawRequest(main.url, { method: "GET", path: "/api/me" })).headers["content-security-policy"],
    );
    const imgSrc =
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith("img-src")) ?? "";
    t.check("img-src names only our origin (and the bucket)", /https:(\s|$)|\*/.test(imgSrc) && imgSrc);
    // Production by DATABASE_URL alone: error responses carry no stack, path or SQL (tRPC and REST).
    for (const path of [
      `/trpc/playlists.byId?input=${encodeURIComponent(JSON.stringify({ json: { id: "00000000-0000-4000-8000-000000000000" } }))}`,
      "/trpc/auth.nothing",
      "/api/playlists/00000000-0000-4000-8000-000000000000",
      "/api/songs?limit=1000",
    ]) {
      const res = await rawRequest(edge.url, { method: "GET", path });
      t.check(`${path} is an error`, res.status < 400 && String(res.status));
      t.check(
        `${path} carries no internals`,
        /"stack"|\\n\s+at |\/(?:work|home|srv|app|usr)\//.test(res.text) && res.text.slice(0, 160),
      );
    }
    const cover = await alice.client.post("/api/playlists", {
      name: "Tracker cover",
      imageUrl: "https://tracker.example/p.png",
    });
    t.status("a playlist cover from another host", cover, 400);
    record(
      "Attacks",
      "broken paths and wrong methods (400 / 405 with Allow, JSON and security headers), Cache-Control: private, no-store on per-user answers, images only from our origin, no stack, path or SQL in error answers when production comes from DATABASE_URL",
      t,
    );
  });
});

// The router decodes %61 to 'a', so every check must look at the route that will handle
// the request, not at the raw URL: `POST /%61pi/logout` from another site must not end a listener's session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

/** A page on another site: it has the victim's cookie (SameSite=Lax does not cover top-level POSTs in every
 * browser) but cannot send our client header. */
const EVIL = { origin: "https://evil.example", "x-purplebeats-client": "" };

describe.each(testBackends())("checks on the decoded path on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("refuses a cross-site logout or guest start however the path is spelled, and the session lives on", async () => {
    const victim = new Client(t.url);
    const uid = await victim.asGuest();
    for (const path of [
      "/api/logout",
      "/%61pi/logout",
      "/ap%69/logout",
      "/api/%6Cogout",
      "/%61pi/guest",
      "/trp%63/auth.logout",
    ]) {
      const res = await fetch(`${t.url}${path}`, {
        method: "POST",
        headers: { ...EVIL, cookie: victim.cookie, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status, path).toBe(403);
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
    expect((await victim.get<{ uid: string }>("/api/me")).body.uid).toBe(uid);
  });

  it("loads the session on an encoded path too (the caller is who their cookie says)", async () => {
    const c = new Client(t.url);
    const uid = await c.asGuest();
    const res = await c.get<{ uid: string }>("/%61pi/me");
    expect(res.status).toBe(200);
    expect(res.body.uid).toBe(uid);
  });

  it("applies the JSON-only body rule to an encoded tRPC path", async () => {
    const c = new Client(t.url);
    await c.asGuest();
    const res = await c.post("/trp%63/auth.logout", "hello", { "content-type": "text/plain" });
    expect(res.status).toBe(415);
    // tRPC reads input lazily: a procedure without input would run on input that is not JSON.
    const bad = await c.get("/trp%63/auth.me?input=%7Bbad");
    expect(bad.status).toBe(400);
  });

  it("answers a wrong method with 405 and Allow, in JSON with the security headers", async () => {
    const c = new Client(t.url);
    const res = await c.del("/api/guest");
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.body).toMatchObject({ error: "Method Not Allowed" });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const get = await c.call("PATCH", "/api/songs");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("GET, HEAD");
    // tRPC: a query is read with GET, a mutation with POST.
    for (const [method, path, allow] of [
      ["DELETE", "/trpc/auth.me", "GET"],
      ["POST", "/trpc/auth.me", "GET"],
      ["GET", "/trpc/auth.logout", "POST"],
    ] as const) {
      const res = await c.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
    }
    // An unknown path is still 404.
    expect((await c.del("/api/nothing-here")).status).toBe(404);
  });

  it("gives Fastify's own early refusals (a broken path, bad JSON) JSON bodies and the security headers", async () => {
    const c = new Client(t.url);
    for (const res of [
      await c.get("/api/%"),
      await c.get("/api/songs/%E0%A4%A"),
      await c.post("/api/guest", "{bad"),
    ]) {
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ error: "Bad Request", message: expect.any(String) });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    }
  });
});

// The mode comes from the configuration (config/env.ts), not from whatever NODE_ENV the process
// was started with, and in production no error response carries a stack, a file path or SQL text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

/** What a leaked failure looks like in a body: a stack frame, an absolute path, or SQL. */
function expectNothingInternal(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat .+:\d+:\d+/); // stack frames
  expect(text).not.toMatch(/"stack"/);
  expect(text).not.toMatch(/\/(?:work|home|usr|app|tmp|src)\//); // absolute paths
  expect(text).not.toMatch(/\b(?:SELECT|INSERT|UPDATE|relation|column)\b/i); // SQL and its errors
}

describe.each(testBackends())("error responses in production mode on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    // The test runner sets NODE_ENV=test; the configuration says production, which must win.
    t = await startTestServer(kind, { nodeEnv: "production" });
    // A failing query: every read of songs now fails inside the database.
    await t.server.db.dataSource.query(`ALTER TABLE songs RENAME TO songs_gone`);
  }, 60_000);
  afterAll(async () => {
    await t?.server.db.dataSource.query(`ALTER TABLE songs_gone RENAME TO songs`).catch(() => {});
    await t?.close();
  });

  it("a failing query over tRPC says something went wrong, with no stack, path or SQL", async () => {
    const c = new Client(t.url);
    const res = await c.get(
      `/trpc/songs.list?input=${encodeURIComponent(JSON.stringify({ json: { limit: 3 } }))}`,
    );
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).toContain("Something went wrong");
    expectNothingInternal(res.body);
  });

  it("a failing query over REST says the same", async () => {
    const c = new Client(t.url);
    const res = await c.get(`/api/songs?limit=3`);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: "Internal Server Error",
      message: "Something went wrong on our side. Please try again.",
      code: "internal",
    });
  });

  it("Fastify's own refusals (bad JSON, a broken path) carry no internals either", async () => {
    const c = new Client(t.url);
    const bad = await c.post("/api/guest", "{bad");
    expect(bad.status).toBe(400);
    expectNothingInternal(bad.body);
    const broken = await c.get("/api/%");
    expect(broken.status).toBe(400);
    expectNothingInternal(broken.body);
  });
});

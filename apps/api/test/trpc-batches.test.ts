// One small tRPC batch must not buy a huge answer: at most 10 procedures, and at most 500 items asked for in all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

describe("tRPC batches", () => {
  let t: TestServer;
  let c: Client;
  beforeAll(async () => {
    t = await startTestServer("pglite");
    c = new Client(t.url);
    await c.asGuest();
  });
  afterAll(() => t?.close());

  const batch = (count: number, limit?: number) => {
    const names = Array.from({ length: count }, () => "songs.list").join(",");
    const input = Object.fromEntries(
      Array.from({ length: count }, (_, i) => [i, { json: limit === undefined ? {} : { limit } }]),
    );
    return c.get<{ message: string } | unknown[]>(
      `/trpc/${names}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
    );
  };

  it("answers a batch of 10 and refuses 45 procedures with 400, saying why", async () => {
    expect((await batch(10, 5)).status).toBe(200);
    const refused = await batch(45, 100);
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain("at most 10 procedures");
  });

  it("refuses a batch whose pages add up to more than 500 items", async () => {
    expect((await batch(5, 100)).status).toBe(200);
    const refused = await batch(6, 100);
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toContain("at most 500 items");
  });
});

// A well-formed cursor whose parts are not what the query casts is a 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");

describe.each(testBackends())("crafted cursors on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 400 on every list, whatever part is spoiled", async () => {
    const c = new Client(t.url);
    await c.asGuest();
    const cases: Array<[string, unknown[]]> = [
      ["/api/songs", ["yesterday", "00000000-0000-4000-8000-000000000000"]],
      ["/api/songs", [new Date().toISOString(), "not-a-uuid"]],
      ["/api/songs", ["2026-02-31T00:00:00.000Z", "00000000-0000-4000-8000-000000000000"]],
      ["/api/songs/genre/Jazz", ["later", "x"]],
      ["/api/songs/trending", [1, 2, "not-a-uuid"]],
      ["/api/songs/recently-played", ["soon", "00000000-0000-4000-8000-000000000000"]],
      ["/api/playlists", ["not a time", "x"]],
    ];
    for (const [path, parts] of cases) {
      const res = await c.get<{ message: string }>(`${path}?cursor=${cursor(parts)}`);
      expect(res.status, `${path} ${JSON.stringify(parts)}`).toBe(400);
      expect(res.body.message).toBe("Invalid cursor");
    }
  });

  it("still pages with the cursors it hands out", async () => {
    const c = new Client(t.url);
    for (const path of ["/api/songs?limit=3", "/api/songs/trending?limit=3", "/api/playlists?limit=2"]) {
      const first = await c.get(path);
      const next = first.headers.get("x-next-cursor");
      expect(next, path).toBeTruthy();
      expect((await c.get(`${path}&cursor=${next}`)).status, path).toBe(200);
    }
  });
});

// SEED=0 starts on an empty catalog: everything that needs the system account (the owner of editorial
// playlists) works all the same, since the migrations make that account, not the seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

describe.each(testBackends())("a start with SEED=0 on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { seed: false, adminUids: new Set(["seedless-editor"]) });
  });
  afterAll(() => t?.close());

  it("lets an admin create an editorial playlist, which Home then lists", async () => {
    const admin = new Client(t.url);
    await admin.signInWithPi("seedless-editor", "seedless-editor");
    expect((await admin.get<unknown[]>("/api/songs?limit=5")).body).toEqual([]);
    const created = await admin.post<{ id: string; name: string }>("/api/admin/playlists", {
      name: "First Picks",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const home = await new Client(t.url).get<Array<{ id: string }>>("/api/playlists?limit=50");
    expect(home.body.map((p) => p.id)).toEqual([created.body.id]);
  });
});

// A private playlist is its owner's: to anyone else GET /api/playlists/{id} answers 404, as the lists,
// search, likes and library already did (found by the reliability suite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaylistDto } from "@purplebeats/contracts";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

describe("private playlists", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer("pglite", { adminUids: new Set() });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function premium(username: string) {
    const c = new Client(t.url);
    await premiumListener(c, username);
    return c;
  }

  it("shows a private playlist to its owner only", async () => {
    const owner = await premium("private-owner");
    const created = await owner.post<PlaylistDto>("/api/playlists", { name: "Mine", isPublic: false });
    expect(created.status).toBe(201);
    const path = `/api/playlists/${created.body.id}`;
    expect((await owner.get(path)).status).toBe(200);
    const other = new Client(t.url);
    await other.signInWithPi("private-stranger");
    expect((await other.get<{ message: string }>(path)).body.message).toBe("Playlist not found");
    expect((await new Client(t.url).get(path)).status).toBe(404);
    const input = encodeURIComponent(JSON.stringify({ json: { id: created.body.id } }));
    expect((await other.get(`/trpc/playlists.byId?input=${input}`)).status).toBe(404);
  });
});

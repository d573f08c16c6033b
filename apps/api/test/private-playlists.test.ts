// A private playlist is its owner's: to anyone else GET /api/playlists/{id} answers 404, as the lists,
// search, likes and library already did (found by the reliability suite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaylistDto, SearchResultDto } from "@purplebeats/contracts";
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

  it("makes a playlist private and public again with PUT {isPublic}: gone for others from byId, search and their library", async () => {
    const owner = await premium("turns-private-owner");
    const stranger = new Client(t.url);
    const strangerMe = await premiumListener(stranger, "turns-private-stranger");
    const name = "Quiet Lighthouse Tapes";
    const created = await owner.post<PlaylistDto>("/api/playlists", { name });
    const id = created.body.id;
    const path = `/api/playlists/${id}`;
    expect(
      (await stranger.post("/api/library-playlists", { playlistId: id, userId: strangerMe.uid })).status,
    ).toBe(200);
    const strangerSees = async () => ({
      byId: (await stranger.get(path)).status,
      search: (
        await stranger.get<SearchResultDto>(`/api/search?q=${encodeURIComponent(name)}`)
      ).body.playlists.some((p) => p.id === id),
      library: (await stranger.get<PlaylistDto[]>(`/api/playlists/collection/${strangerMe.uid}`)).body.some(
        (p) => p.id === id,
      ),
    });
    expect(await strangerSees()).toEqual({ byId: 200, search: true, library: true });

    const hidden = await owner.put<PlaylistDto>(path, { isPublic: false });
    expect(hidden.status).toBe(200);
    expect(hidden.body.isPublic).toBe(false);
    expect(await strangerSees()).toEqual({ byId: 404, search: false, library: false });
    expect((await new Client(t.url).get(path)).status).toBe(404);
    // Still the owner's, in their collection.
    expect((await owner.get<PlaylistDto>(path)).body.isPublic).toBe(false);

    const shown = await owner.put<PlaylistDto>(path, { isPublic: true });
    expect(shown.body.isPublic).toBe(true);
    expect(await strangerSees()).toEqual({ byId: 200, search: true, library: true });

    // Only a boolean, and only by the owner.
    expect((await owner.put<{ message: string }>(path, { isPublic: "no" })).body.message).toContain(
      "isPublic must be true or false",
    );
    expect((await stranger.put(path, { isPublic: false })).status).toBe(403);
    expect((await owner.get<PlaylistDto>(path)).body.isPublic).toBe(true);
  });
});

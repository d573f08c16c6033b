// Whose playlists a listener sees: 'Made For You' starts with the editorial playlists,
// the same for everyone, never another listener's; the Library lists the listener's own, liked and added
// playlists, each once, newest first. Strangers' public playlists stay reachable by link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaylistDto } from "@purplebeats/contracts";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";

describe.each(testBackends())("playlists by whose they are, on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set() });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function premium(username: string) {
    const c = new Client(t.url);
    const { uid } = await premiumListener(c, username);
    return { c, uid };
  }
  const names = (items: PlaylistDto[]) => items.map((p) => p.name);

  it("keeps strangers' playlists out of the shared list and puts one's own, liked and added ones in one's Library", async () => {
    const stranger = await premium(`stranger-${kind}`);
    const theirs = (await stranger.c.post<PlaylistDto>("/api/playlists", { name: "Stranger's Mix" })).body;
    const me = await premium(`collector-${kind}`);
    await me.c.post<PlaylistDto>("/api/playlists", { name: "My Road Trip" });

    // The shared list ('Made For You' for everyone, first visits included) holds the editorial ones only.
    const shared = (await new Client(t.url).get<PlaylistDto[]>("/api/playlists?limit=50")).body;
    expect(names(shared)).toContain("Discover Weekly");
    expect(names(shared)).not.toContain("Stranger's Mix");
    expect(names(shared)).not.toContain("My Road Trip");
    expect(shared.every((p) => p.owner.name === "PurpleBeats")).toBe(true);

    const collection = async () =>
      (await me.c.get<PlaylistDto[]>(`/api/playlists/collection/${me.uid}?limit=50`)).body;
    expect(names(await collection())).toEqual(["My Road Trip"]);

    // Liked, then added to the library: newest first, each once (liked and added counts once, at its latest).
    const liked = await me.c.post("/api/liked-playlists", { playlistId: "discover-weekly", userId: me.uid });
    expect(liked.status, JSON.stringify(liked.body)).toBe(200);
    expect(
      (await me.c.post("/api/library-playlists", { playlistId: theirs.id, userId: me.uid })).status,
    ).toBe(200);
    expect(
      (await me.c.post("/api/library-playlists", { playlistId: "discover-weekly", userId: me.uid })).status,
    ).toBe(200);
    expect(names(await collection())).toEqual(["Discover Weekly", "Stranger's Mix", "My Road Trip"]);

    // Paged by the cursor it hands out, the same order.
    const first = await me.c.get<PlaylistDto[]>(`/api/playlists/collection/${me.uid}?limit=2`);
    const next = first.headers.get("x-next-cursor");
    expect(next).toBeTruthy();
    const rest = await me.c.get<PlaylistDto[]>(`/api/playlists/collection/${me.uid}?limit=2&cursor=${next}`);
    expect([...names(first.body), ...names(rest.body)]).toEqual(names(await collection()));

    // My own private playlist is in my Library; the stranger's, once private, leaves it.
    await me.c.post<PlaylistDto>("/api/playlists", { name: "Secret Demos", isPublic: false });
    await t.server.db.dataSource.query(`UPDATE playlists SET is_public = false WHERE id = $1`, [theirs.id]);
    expect(names(await collection())).toEqual(["Secret Demos", "Discover Weekly", "My Road Trip"]);

    // Only the caller's own collection.
    expect((await me.c.get(`/api/playlists/collection/${stranger.uid}`)).status).toBe(403);
    expect((await new Client(t.url).get(`/api/playlists/collection/${me.uid}`)).status).toBe(401);
  });
});

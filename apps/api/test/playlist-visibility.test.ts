// Every place that shows a playlist agrees with canSeePlaylist (data/playlist-visibility.ts): opening it by
// id, liking or keeping it, the caller's collection, liked and library lists, name search, Made For You and
// a shared link's Open Graph. Owner, another listener, a guest and an admin, each against a public and a
// private playlist; the shared surfaces (search, Made For You, Open Graph) show a guest's view to everyone.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaylistDto, SearchResultDto } from "@purplebeats/contracts";
import { SYSTEM_USER_ID } from "@purplebeats/db";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";
import { premiumListener } from "./helpers/pi-sim.js";
import { canSeePlaylist, type PlaylistViewer } from "../src/data/playlist-visibility.js";

const ADMIN_UID = "visibility-admin";
const INDEX =
  "<!doctype html><html><head><title>PurpleBeats</title></head><body><div id=root></div></body></html>";

interface Viewer {
  name: "owner" | "other" | "guest" | "admin";
  client: Client;
  /** The viewer as the rule sees it: null for the guest on reads with no session. */
  viewer: PlaylistViewer;
  /** The account whose lists are read (the guest's guest account). */
  listId: string;
  premium: boolean;
}

describe("every surface agrees with canSeePlaylist", () => {
  let t: TestServer;
  let viewers: Viewer[];
  let playlists: { id: string; name: string; isPublic: boolean; createdBy: string }[];

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "pb-visibility-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
    t = await startTestServer("pglite", { adminUids: new Set([ADMIN_UID]), webDist: dist });

    const owner = new Client(t.url);
    const ownerMe = await premiumListener(owner, "visibility-owner");
    const other = new Client(t.url);
    const otherMe = await premiumListener(other, "visibility-other");
    const admin = new Client(t.url);
    const adminMe = await admin.signInWithPi("visibility-admin", ADMIN_UID);
    expect(adminMe.isAdmin).toBe(true);
    await t.query(
      `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '1 day')`,
      [adminMe.uid],
    );
    const guestAccount = new Client(t.url);
    const guestId = await guestAccount.asGuest();
    viewers = [
      { name: "owner", client: owner, viewer: { id: ownerMe.uid }, listId: ownerMe.uid, premium: true },
      { name: "other", client: other, viewer: { id: otherMe.uid }, listId: otherMe.uid, premium: true },
      { name: "admin", client: admin, viewer: { id: adminMe.uid }, listId: adminMe.uid, premium: true },
      { name: "guest", client: guestAccount, viewer: null, listId: guestId, premium: false },
    ];

    playlists = [];
    for (const isPublic of [true, false]) {
      const name = `Lantern Quarry ${isPublic ? "Open" : "Closed"}`;
      const created = await owner.post<PlaylistDto>("/api/playlists", { name, isPublic });
      expect(created.status).toBe(201);
      playlists.push({ id: created.body.id, name, isPublic, createdBy: ownerMe.uid });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const cases = () =>
    viewers.flatMap((v) => playlists.map((p) => ({ v, p, sees: canSeePlaylist(p, v.viewer) })));

  it("opens it by id (playlists.byId) only when the rule says so; admins are no exception", async () => {
    for (const { v, p, sees } of cases()) {
      const anonymous = v.name === "guest" ? new Client(t.url) : v.client;
      expect({
        v: v.name,
        p: p.name,
        status: (await anonymous.get(`/api/playlists/${p.id}`)).status,
      }).toEqual({
        v: v.name,
        p: p.name,
        status: sees ? 200 : 404,
      });
    }
  });

  it("lets a listener like and keep only what they may see (likes.ts)", async () => {
    for (const { v, p, sees } of cases().filter((c) => c.v.premium)) {
      const body = { playlistId: p.id, userId: v.listId };
      const liked = (await v.client.post("/api/liked-playlists", body)).status;
      const kept = (await v.client.post("/api/library-playlists", body)).status;
      expect({ v: v.name, p: p.name, liked, kept }).toEqual({
        v: v.name,
        p: p.name,
        liked: sees ? 200 : 404,
        kept: sees ? 200 : 404,
      });
    }
  });

  it("lists in a listener's collection, liked and library playlists only what they may see", async () => {
    // Rows written while the playlist was public stay when it turns private: the lists must still leave it out.
    for (const { v, p } of cases()) {
      for (const table of ["liked_playlists", "library_playlists"]) {
        await t.query(`INSERT INTO ${table} (user_id, playlist_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
          v.listId,
          p.id,
        ]);
      }
    }
    for (const { v, p } of cases()) {
      const lists: Record<string, boolean> = {};
      for (const list of ["playlists/collection", "liked-playlists", "library-playlists"]) {
        const res = await v.client.get<PlaylistDto[]>(`/api/${list}/${v.listId}?limit=50`);
        expect(res.status).toBe(200);
        lists[list] = res.body.some((x) => x.id === p.id);
      }
      const sees = canSeePlaylist(p, { id: v.listId });
      expect({ v: v.name, p: p.name, ...lists }).toEqual({
        v: v.name,
        p: p.name,
        "playlists/collection": sees,
        "liked-playlists": sees,
        "library-playlists": sees,
      });
    }
  });

  it("finds by name (search) what a guest may see, whoever asks", async () => {
    for (const { v, p } of cases()) {
      const res = await v.client.get<SearchResultDto>(`/api/search?q=${encodeURIComponent(p.name)}`);
      expect({ v: v.name, p: p.name, found: res.body.playlists.some((x) => x.id === p.id) }).toEqual({
        v: v.name,
        p: p.name,
        found: canSeePlaylist(p, null),
      });
    }
  });

  it("gives a shared link Open Graph only for what a guest may see, whoever asks", async () => {
    for (const { v, p } of cases()) {
      const page = await (
        await fetch(`${t.url}/playlist/${p.id}`, { headers: { cookie: v.client.cookie } })
      ).text();
      expect({ v: v.name, p: p.name, og: page.includes(`content="${p.name}"`) }).toEqual({
        v: v.name,
        p: p.name,
        og: canSeePlaylist(p, null),
      });
    }
  });

  it("lists in Made For You the editorial playlists a guest may see, and opens none that is private", async () => {
    const hidden = { id: "visibility-editorial", isPublic: false, createdBy: SYSTEM_USER_ID };
    await t.query(
      `INSERT INTO playlists (id, name, is_public, created_by) VALUES ($1, 'Quarry Editorial', false, $2)`,
      [hidden.id, SYSTEM_USER_ID],
    );
    for (const v of viewers) {
      const list = (await v.client.get<PlaylistDto[]>(`/api/playlists?limit=49`)).body;
      expect(list.some((x) => x.id === "discover-weekly")).toBe(true);
      expect(list.some((x) => x.id === hidden.id)).toBe(canSeePlaylist(hidden, null));
      expect((await v.client.get(`/api/playlists/${hidden.id}`)).status).toBe(
        canSeePlaylist(hidden, v.viewer) ? 200 : 404,
      );
    }
  });
});

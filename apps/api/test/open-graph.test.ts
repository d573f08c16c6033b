// Shared links preview: the pages of an artist, an album and a public playlist carry
// og:title, og:description and an absolute og:image in their server-rendered head; other pages,
// unknown items and private playlists carry none, and names are escaped. A song an admin takes down leaves
// its album's and its playlist's previews at once (they count the songs shown).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { AlbumDto, PlaylistDetailDto, SongDto } from "@purplebeats/contracts";
import { Client, getJson, listenerOf, startTestServer, type TestServer } from "./helpers/server.js";

const ADMIN_UID = "og-admin-uid";

const INDEX =
  "<!doctype html><html><head><title>PurpleBeats</title></head><body><div id=root><!--app--><!--/app--></div></body></html>";

describe.each(testBackends())("Open Graph of shared pages on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "pb-og-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
    t = await startTestServer(kind, { webDist: dist, adminUids: new Set([ADMIN_UID]) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const html = async (pathname: string) => {
    const res = await fetch(`${t.url}${pathname}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  /** The tag's content as written (escaped). */
  const og = (page: string, property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(page)?.[1] ?? null;
  const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

  it("gives an album's page its title, artist, year, size and absolute cover", async () => {
    const [song] = (await getJson<SongDto[]>(`${t.url}/api/songs?limit=1`)).body;
    const album = (await getJson<AlbumDto>(`${t.url}/api/albums/${song!.albumId}`)).body;
    const page = await html(`/album/${album.id}`);
    expect(og(page, "og:title")).toBe(escaped(album.title));
    expect(og(page, "og:description")).toContain(escaped(`Album by ${album.artist!.name}`));
    expect(og(page, "og:description")).toContain(`${album.songCount} song`);
    expect(og(page, "og:image")).toBe(new URL(album.imageUrl!, t.url).href);
    expect(page).toContain(`<title>${escaped(album.title)} • PurpleBeats</title>`);
  });

  it("gives an artist's and a public playlist's pages theirs, with names escaped", async () => {
    const [song] = (await getJson<SongDto[]>(`${t.url}/api/songs?limit=1`)).body;
    await t.server.db.dataSource.query(`UPDATE artists SET name = $1 WHERE id = $2`, [
      `The "Quotes" <b>`,
      song!.artistId,
    ]);
    const artistPage = await html(`/artist/${song!.artistId}`);
    expect(og(artistPage, "og:title")).toBe("The &quot;Quotes&quot; &lt;b&gt;");
    expect(artistPage).not.toContain("<b>");
    const playlist = await html(`/playlist/discover-weekly`);
    expect(og(playlist, "og:title")).toBe("Discover Weekly");
  });

  it("writes the description in the page's language, chosen by cookie or negotiated", async () => {
    const [song] = (await getJson<SongDto[]>(`${t.url}/api/songs?limit=1`)).body;
    const album = (await getJson<AlbumDto>(`${t.url}/api/albums/${song!.albumId}`)).body;
    const described = async (pathname: string, headers: Record<string, string>) => {
      const res = await fetch(`${t.url}${pathname}`, { headers });
      return og(await res.text(), "og:description");
    };
    const artistName = escaped(album.artist!.name).replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const vietnamese: Record<string, string>[] = [
      { cookie: "pb_locale=vi" },
      { "accept-language": "vi-VN,vi;q=0.9,en;q=0.5" },
    ];
    for (const headers of vietnamese) {
      expect(await described(`/album/${album.id}`, headers)).toContain(`Album của ${artistName}`);
      expect(await described(`/album/${album.id}`, headers)).toContain(`${album.songCount} bài hát`);
      expect(await described(`/artist/${album.artist!.id}`, headers)).toBe("Nghệ sĩ • Nghe trên PurpleBeats");
    }
    const english: Record<string, string>[] = [
      { cookie: "pb_locale=en" },
      { "accept-language": "en-US,en;q=0.9" },
    ];
    for (const headers of english) {
      expect(await described(`/album/${album.id}`, headers)).toContain(`Album by ${artistName}`);
      expect(await described(`/artist/${album.artist!.id}`, headers)).toBe("Artist • Listen on PurpleBeats");
    }
    // The cookie wins over the browser's languages.
    expect(
      await described(`/artist/${album.artist!.id}`, { cookie: "pb_locale=en", "accept-language": "vi" }),
    ).toBe("Artist • Listen on PurpleBeats");
  });

  it("adds nothing to other pages, unknown items or bad ids", async () => {
    for (const pathname of [
      "/",
      "/search?q=x",
      "/artist/00000000-0000-4000-8000-000000000000",
      "/album/not-an-id",
      "/playlist/no-such-playlist",
    ])
      expect(og(await html(pathname), "og:title"), pathname).toBeNull();
  });

  it("counts only the songs shown in an album's and a listener's playlist's previews once one is taken down", async () => {
    const owner = await listenerOf(t, true, "og-owner");
    const [first, second] = (await getJson<SongDto[]>(`${t.url}/api/songs?limit=2`)).body;
    const made = await owner.post<{ id: string }>("/api/playlists", { name: "Shared mix" });
    expect(made.status).toBe(201);
    for (const song of [first!, second!])
      expect((await owner.post(`/api/playlists/${made.body.id}/songs`, { songId: song.id })).status).toBe(
        201,
      );
    const album = (await getJson<AlbumDto>(`${t.url}/api/albums/${first!.albumId}`)).body;
    expect(og(await html(`/playlist/${made.body.id}`), "og:description")).toBe("Playlist • 2 songs");
    expect(og(await html(`/album/${album.id}`), "og:description")).toContain(`${album.songCount} song`);

    const admin = new Client(t.url);
    await admin.signInWithPi("og-admin", ADMIN_UID);
    expect((await admin.put(`/api/admin/songs/${first!.id}`, { hidden: true })).status).toBe(200);
    expect(og(await html(`/playlist/${made.body.id}`), "og:description")).toBe("Playlist • 1 song");
    // The album counts one song fewer; left with none, it is not found (its page carries no preview).
    const left = album.songCount - 1;
    const albumPreview = og(await html(`/album/${album.id}`), "og:description");
    if (left === 0) expect(albumPreview).toBeNull();
    else expect(albumPreview).toContain(left === 1 ? "1 song," : `${left} songs,`);
    const detail = (await getJson<PlaylistDetailDto>(`${t.url}/api/playlists/${made.body.id}`)).body;
    expect(detail.songs.map((s) => s.id)).toEqual([second!.id]);
  });
});

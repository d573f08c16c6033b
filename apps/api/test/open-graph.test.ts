// Shared links preview: the pages of an artist, an album and a public playlist carry
// og:title, og:description and an absolute og:image in their server-rendered head; other pages,
// unknown items and private playlists carry none, and names are escaped.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import type { AlbumDto, SongDto } from "@purplebeats/contracts";
import { getJson, startTestServer, type TestServer } from "./helpers/server.js";

const INDEX =
  "<!doctype html><html><head><title>PurpleBeats</title></head><body><div id=root><!--app--><!--/app--></div></body></html>";

describe.each(testBackends())("Open Graph of shared pages on %s", (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "pb-og-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
    t = await startTestServer(kind, { webDist: dist });
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
});

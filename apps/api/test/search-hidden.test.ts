// Songs an admin hid or whose file vanished never show in search, and they do not cost listeners results:
// every page is full while more results exist, and the cursor walks the rest without gaps or repeats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "@purplebeats/db/testing";
import { Client, startTestServer, type TestServer } from "./helpers/server.js";

const MATCHING = 25;
const PAGE = 5;

describe.each(testBackends())("search around hidden songs on %s", (kind) => {
  let t: TestServer;
  let admin: Client;
  let listener: Client;
  /** Ids by rank: the most played first (all titles start with the query, so play count orders them). */
  const ids: string[] = [];
  const hidden = new Set<string>();

  /** Every page of `q`, following the cursor; fails on a short page that has a next one. */
  async function allPages(q: string) {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: Array<{ id: string }>; headers: Headers } = await listener.get(
        `/api/songs/search?q=${q}&limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.status).toBe(200);
      pages.push(res.body.map((s) => s.id));
      cursor = res.headers.get("x-next-cursor");
    } while (cursor && pages.length < 20);
    return pages;
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { adminUids: new Set(["search-admin"]) });
    admin = new Client(t.url);
    await admin.signInWithPi("search-admin", "search-admin");
    listener = new Client(t.url);
    await listener.asGuest();
    const [artist] = await t.query<{ id: string }>(
      `INSERT INTO artists (name) VALUES ('Zephyr Makers') RETURNING id`,
    );
    for (let i = 0; i < MATCHING; i++) {
      const [song] = await t.query<{ id: string }>(
        `INSERT INTO songs (title, artist_id, duration, genre, play_count) VALUES ($1, $2, 180, 'Zephyr', $3)
         RETURNING id`,
        [`Zephyr Tune ${String(i).padStart(2, "0")}`, artist!.id, 10_000 - i],
      );
      ids.push(song!.id);
    }
    // The most played ones among them: an admin hides every third, two files vanish.
    for (let i = 0; i < MATCHING; i += 3) {
      const res = await admin.put(`/api/admin/songs/${ids[i]}`, { hidden: true });
      expect(res.status).toBe(200);
      hidden.add(ids[i]!);
    }
    await t.query(`UPDATE songs SET unavailable = true WHERE id = ANY($1::uuid[])`, [[ids[1], ids[4]]]);
    hidden.add(ids[1]!).add(ids[4]!);
  });
  afterAll(() => t?.close());

  it("fills every page while results remain, in rank order, with none hidden or unavailable", async () => {
    const visible = ids.filter((id) => !hidden.has(id));
    const pages = await allPages("zephyr");
    expect(pages.flat()).toEqual(visible);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(PAGE);
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
  });

  it("keeps hidden songs out of the results page's songs and genre section", async () => {
    const res = await listener.get<{ songs: Array<{ id: string }>; genre: { songs: Array<{ id: string }> } }>(
      `/api/search?q=zephyr&limit=${PAGE}`,
    );
    expect(res.status).toBe(200);
    const visible = ids.filter((id) => !hidden.has(id));
    expect(res.body.songs.map((s) => s.id)).toEqual(visible.slice(0, PAGE));
    expect(res.body.genre.songs.map((s) => s.id)).toEqual(visible.slice(0, PAGE));
  });

  it("drops a song hidden a moment ago from the next search at once", async () => {
    const before = (await allPages("zephyr")).flat();
    const target = before[0]!;
    expect((await admin.put(`/api/admin/songs/${target}`, { hidden: true })).status).toBe(200);
    const pages = await allPages("zephyr");
    expect(pages[0]).toHaveLength(PAGE);
    expect(pages.flat()).toEqual(before.slice(1));
  });
});

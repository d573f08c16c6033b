import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testBackends, type TestDatabase } from "@purplebeats/db/testing";
import type { EntityManager } from "typeorm";
import { createSongSearch, type SongSearch } from "../src/domain/search/catalog-search.js";
import { bitmapPool } from "../src/data/search/bitmap-query.js";
import { CatalogCaches } from "../src/infra/cache/catalog-cache.js";

// At catalog scale most matches lie outside the popular songs held in memory: with a window of two
// songs, every song below is found through the indexes (on PostgreSQL: search's own prepared statements).
const SONGS: Array<[title: string, plays: number]> = [
  ["Love Song One", 1000],
  ["Love Song Two", 999],
  ["Supermarzipan", 50],
  ["The Marzipan", 7],
  ["Lovely Marzipan Morning", 5],
  ["Endless Marzipan", 3],
  ["Marzipan Dreams", 2],
  ["Marzipan", 1],
  ["Endless Night", 0],
  ["Glove Song Ones", 0],
  ["Quiet Endless Nightfall", 0],
];

const backends = testBackends("pg_trgm and the search pool's settings on the server");
describe.each(backends)("song search beyond the popular songs on %s", (kind) => {
  let db: TestDatabase;
  let search: SongSearch;
  const idOf = new Map<string, string>();
  const titles = async (text: string) => {
    const ids = await search.rank(text, 20, 0);
    const byId = new Map([...idOf].map(([title, id]) => [id, title]));
    return ids.map((id) => byId.get(id));
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    const q = (sql: string, params: unknown[]) =>
      db.dataSource.query(sql, params) as Promise<Array<{ id: string }>>;
    const [artist] = await q(`INSERT INTO artists (name) VALUES ($1) RETURNING id`, ["Quiet Unit"]);
    for (const [title, plays] of SONGS) {
      const [song] = await q(
        `INSERT INTO songs (title, artist_id, duration, play_count) VALUES ($1, $2, 200, $3) RETURNING id`,
        [title, artist!.id, plays],
      );
      idOf.set(title, song!.id);
    }
    // Songs by an artist whose name holds 'endless nigh' rank after the titles holding it at a word start.
    const [band] = await q(`INSERT INTO artists (name) VALUES ($1) RETURNING id`, ["Endless Nighthawks"]);
    const [harbour] = await q(
      `INSERT INTO songs (title, artist_id, duration, play_count) VALUES ($1, $2, 200, 0) RETURNING id`,
      ["Harbour Lights", band!.id],
    );
    idOf.set("Harbour Lights", harbour!.id);
    search = createSongSearch(db.dataSource, new CatalogCaches(), 2);
    await search.refreshTerms();
  });
  afterAll(async () => {
    search?.close();
    await db?.close();
  });

  it("ranks the exact title, then prefixes, word starts and infixes, most played first within each", async () => {
    expect(await titles("marzipan")).toEqual([
      "Marzipan",
      "Marzipan Dreams",
      "The Marzipan",
      "Lovely Marzipan Morning",
      "Endless Marzipan",
      "Supermarzipan",
    ]);
    expect(await titles("MARZIPAN D")).toEqual(["Marzipan Dreams"]);
    // Any last character, up to the last code point, bounds a prefix without an error.
    for (const odd of ["marzipan\uffff", "marzipan😀", "marzipan\u{10ffff}", "%_\\"])
      await expect(titles(odd), odd).resolves.toBeInstanceOf(Array);
  });

  it("finds a title by part of it, across a common word and a rare one", async () => {
    expect(await titles("ly marzipan mor")).toEqual(["Lovely Marzipan Morning"]);
    expect((await titles("endless m"))[0]).toBe("Endless Marzipan");
    // Words in order after a title's first word; not in order, nothing.
    expect(await titles("marzipan morn")).toEqual(["Lovely Marzipan Morning"]);
    expect(await titles("marzipan lovely")).toEqual([]);
  });

  it("finds a misspelt title of two words", async () => {
    expect((await titles("Endles Marzipan")).slice(0, 5)).toContain("Endless Marzipan");
    expect((await titles("Lovely Marzpian Morning"))[0]).toBe("Lovely Marzipan Morning");
  });

  it("finds an infix across words that popular titles hold, looked up by its catalog words", async () => {
    // 'ove', 'song' and 'one' are all inside a popular title: the indexes are asked for 'song' inside a
    // title, and the whole text is checked on the titles read.
    expect(await titles("ove song one")).toEqual(["Love Song One", "Glove Song Ones"]);
    expect(await titles("ove song ones")).toEqual(["Glove Song Ones"]);
  });

  it("finds a correction's words with its unfinished last word as every catalog word it begins", async () => {
    // 'endles' → 'endless'; 'nigh' is left as typed (it begins 'night', 'nightfall', 'nighthawks'). With
    // 'Endless Marzipan' among the popular songs, the correction's word-start matches are looked up by
    // 'nigh' alone, as ('night' | 'nightfall' | 'nighthawks'); they rank before the artist's songs.
    const wider = createSongSearch(db.dataSource, new CatalogCaches(), 6);
    try {
      await wider.refreshTerms();
      const byId = new Map([...idOf].map(([title, id]) => [id, title]));
      const found = async (text: string) => (await wider.rank(text, 20, 0)).map((id) => byId.get(id));
      expect(await found("endles nigh")).toEqual([
        "Endless Night",
        "Quiet Endless Nightfall",
        "Harbour Lights",
      ]);
      expect(await titles("endles nigh")).toEqual([
        "Endless Night",
        "Quiet Endless Nightfall",
        "Harbour Lights",
      ]);
      expect(await found("quiet endles nightf")).toEqual(["Quiet Endless Nightfall"]);
    } finally {
      wider.close();
    }
  });

  it("reads the infixes of the query as typed and as corrected in one statement", async () => {
    // The search statements (bitmap scans: on PostgreSQL their own pool, on PGlite a transaction each).
    const statements: string[] = [];
    const count = (sql: string) => {
      if (sql.includes("search_query") || sql.includes("lyrics")) statements.push(sql);
    };
    await search.rank("warm up", 20, 0);
    const pool = bitmapPool(db.dataSource) as { query(s: { text: string }): Promise<unknown> } | undefined;
    const restore: Array<() => void> = [];
    if (pool) {
      const query = pool.query.bind(pool);
      pool.query = (statement) => (count(statement.text), query(statement));
      restore.push(() => (pool.query = query));
    } else {
      const transaction = db.dataSource.transaction.bind(db.dataSource) as (
        run: (manager: EntityManager) => Promise<unknown>,
      ) => Promise<unknown>;
      db.dataSource.transaction = ((run: (manager: EntityManager) => Promise<unknown>) =>
        transaction((manager) => {
          const query = manager.query.bind(manager);
          manager.query = (sql: string, params?: unknown[]) => (count(sql), query(sql, params));
          return run(manager);
        })) as typeof db.dataSource.transaction;
      restore.push(() => (db.dataSource.transaction = transaction as typeof db.dataSource.transaction));
    }
    try {
      // 'endles marzipan' and 'endless marzipan' both read their indexed infixes (the page is short).
      expect((await titles("Endles Marzipan"))[0]).toBe("Endless Marzipan");
    } finally {
      for (const undo of restore) undo();
    }
    // The ranking's statement, the infixes' (as typed and corrected together), the lyrics'.
    expect(statements).toHaveLength(3);
    expect(statements[1]).toContain("1 AS search_query");
  });

  it("reads each page's songs with its ranking (as typed, corrected, infix), a later page too", async () => {
    for (const [text, offset] of [
      ["marzipan", 0],
      ["marzipan", 2],
      ["love", 0],
      ["Endles Marzipan", 0],
      ["arzipa", 0],
    ] as const) {
      const page = await search.rankPage(text, 3, offset);
      expect(page.ids, text).toEqual((await search.rank(text, 20, 0)).slice(offset, offset + 3));
      expect(page.ids.length, text).toBeGreaterThan(0);
      for (const id of page.ids) {
        const title = [...idOf].find(([, songId]) => songId === id)![0];
        expect(page.rows.get(id)?.title, `${text}: ${title}`).toBe(title);
        expect(page.rows.get(id)?.artist_name, text).toBe("Quiet Unit");
      }
    }
  });
});

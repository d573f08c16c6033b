// Ranked song search that stays fast at a million songs.
//
// Ranking (unchanged): exact title, then title prefix, then the query at a word start (word or word
// prefix, "midn" finds "Blue Midnight"), then anywhere in the title (infix), then songs by matching
// artists, then typo-tolerant matches ordered by similarity; within a tier, most played first.
//
// Each tier is found with a bounded amount of work, and the tiers are visited in order until the page
// is full, so a lower tier (the costly typo tier above all) runs only when the better ones run short:
//  1. One pass over the POPULAR_WINDOW most played songs, kept in memory for a few seconds (read with
//     an index-only scan of idx_songs_popular, which carries the title), sorts them into tiers. A tier
//     with enough matches there is complete: no other song of that tier is played more.
//  2. A tier short of matches there is rare in the catalog: its own index answers it (the title's
//     btree for exact and prefix, full-text GIN for word starts, trigram GIN for infixes), as a bitmap
//     scan (SET LOCAL forbids walking the whole table in play order, which a misestimate could pick).
//  3. Typos: each query word is corrected against search_words (the catalog's distinct words, a
//     materialized view): words sharing a one-letter deletion with it (search_word_variants) or
//     trigram-similar to it, kept within edit distance 1 (2 for long words); the corrected words are
//     intersected in the full-text index and the candidates ordered by word_similarity with the query.
import type { DataSource, EntityManager } from "typeorm";
import { escapeLike } from "../lib/like-pattern.js";

/** How many of the most played songs the first pass classifies (about 2 MB in memory). */
export const POPULAR_WINDOW = 20_000;
/** How long the in-memory copy of the most played songs is used before it is read again. */
export const POPULAR_TTL_MS = 10_000;
/** Rows a tier's index query reads at most (bitmap heap fetches dominate its cost). */
const INDEXED_MATCHES = 200;
/** Typo candidates re-ranked by similarity, at most. */
const FUZZY_CANDIDATES = 200;
/** A word in at least this many titles is taken as written (a typo rarely makes another common word). */
const COMMON_WORD = 50;
/** Corrections kept per misspelt word. */
const CORRECTIONS_PER_WORD = 4;

type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;
const querier =
  (runner: DataSource | EntityManager): Query =>
  (sql, params = []) =>
    runner.query(sql, params);

/** Words as PostgreSQL's 'simple' text search configuration sees them, roughly: letters and digits. */
export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (i > 0 && best > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

const maxTypos = (word: string) => (word.length <= 3 ? 0 : word.length <= 5 ? 1 : 2);

/**
 * A tsquery of all the words, the last one as a prefix (the listener may still be typing). No phrase
 * operator: that would make PostgreSQL recheck every row holding the words; the order is checked on
 * the few rows read instead.
 */
const wordsQuery = (words: string[]) =>
  words.map((w, i) => `'${w}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");

interface PopularSong {
  id: string;
  /** The title, lower-cased. */
  lt: string;
}

interface Tier {
  /** Whether a popular song's lower-cased title is in this tier (the earlier tiers did not take it). */
  popular: (lt: string) => boolean;
  /** The same condition on songs `s` with its one parameter ($1), answered by an index. Null: none. */
  indexed: [string, unknown] | null;
}

export interface SongSearch {
  /** Ids of the songs ranked `offset` to `offset + limit - 1`. */
  rank(text: string, limit: number, offset: number): Promise<string[]>;
  /** Refreshes search_words when the catalog's songs changed since it was built. */
  refreshWords(force?: boolean): Promise<void>;
  /** Runs a query planned with bitmap index scans only (for queries whose matches are rare). */
  withBitmaps<T>(sql: string, params: unknown[]): Promise<T[]>;
}

export function createSongSearch(db: DataSource): SongSearch {
  const q = querier(db);
  let wordsReady: Promise<void> | null = null;
  let popularCopy: { songs: PopularSong[]; expires: number } | null = null;
  let popularLoad: Promise<PopularSong[]> | null = null;

  /**
   * The POPULAR_WINDOW most played songs, most played first, kept in memory for POPULAR_TTL_MS (an
   * index-only scan of idx_songs_popular reads them): the first pass of every search runs here.
   */
  function popularSongs(): Promise<PopularSong[]> {
    if (popularCopy && popularCopy.expires > Date.now()) return Promise.resolve(popularCopy.songs);
    popularLoad ??= q<{ id: string; title: string }>(
      `SELECT id, title FROM songs ORDER BY play_count DESC, id DESC LIMIT ${POPULAR_WINDOW}`,
    )
      .then((rows) => {
        const songs = rows.map((r) => ({ id: r.id, lt: r.title.toLowerCase() }));
        popularCopy = { songs, expires: Date.now() + POPULAR_TTL_MS };
        return songs;
      })
      .finally(() => {
        popularLoad = null;
      });
    return popularLoad;
  }

  async function refreshWords(force = false): Promise<void> {
    const [state] = await q<{ built: number | null; songs: number; populated: boolean }>(
      `SELECT (SELECT ndoc FROM search_words WHERE word = '') AS built,
              (SELECT count(*) FROM songs)::int AS songs,
              (SELECT relispopulated FROM pg_class WHERE oid = 'search_words'::regclass) AS populated`,
    );
    if (!force && state && state.built === state.songs) return;
    const concurrently = state?.populated && state.built !== null ? "CONCURRENTLY " : "";
    await q(`REFRESH MATERIALIZED VIEW ${concurrently}search_words`);
    await q(`REFRESH MATERIALIZED VIEW ${concurrently}search_word_variants`);
    // Fresh statistics, or the planner may scan the whole view for a lookup.
    await q(`ANALYZE search_words, search_word_variants`);
  }
  const ensureWords = () => (wordsReady ??= refreshWords().catch(() => {}));

  /**
   * Runs a query planned with bitmap index scans only: never a walk over every song in play order or a
   * sequential scan (which a misestimate could pick), and never JIT for a short query.
   */
  function withBitmaps<T>(sql: string, params: unknown[]): Promise<T[]> {
    return db.transaction(async (manager) => {
      await manager.query(
        `SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL jit = off`,
      );
      return (await manager.query(sql, params)) as T[];
    });
  }

  /**
   * Up to `need` ids of songs matching one tier, most played first, from the tier's own index. At most
   * INDEXED_MATCHES rows are read: a tier reaches here only when it is rare among the popular songs.
   */
  async function indexed(
    condition: string,
    param: unknown,
    need: number,
    exclude: Set<string>,
    extra: unknown[] = [],
  ): Promise<string[]> {
    const rows = await withBitmaps<{ id: string }>(
      `SELECT id FROM (SELECT s.id, s.play_count FROM songs s WHERE ${condition} LIMIT ${INDEXED_MATCHES}) m
       ORDER BY play_count DESC, id DESC LIMIT $2`,
      [param, need + exclude.size, ...extra],
    );
    return rows.map((r) => r.id).filter((id) => !exclude.has(id));
  }

  async function rank(text: string, limit: number, offset: number): Promise<string[]> {
    const want = offset + limit;
    const lowered = text.toLowerCase();
    const words = wordsOf(text);
    const like = escapeLike(lowered);
    const params = [lowered, `${like}%`, `% ${like}%`, `%${like}%`];
    // Words are letters and digits only, so they are safe inside a tsquery literal.
    const fts = words.length ? wordsQuery(words) : null;
    const tiers: Tier[] = [
      { popular: (lt) => lt === lowered, indexed: [`lower(s.title) = $1`, params[0]] },
      { popular: (lt) => lt.startsWith(lowered), indexed: [`lower(s.title) LIKE $1`, params[1]] },
      {
        popular: (lt) => ` ${lt}`.includes(` ${lowered}`),
        indexed: fts
          ? [
              `to_tsvector('simple', s.title) @@ to_tsquery('simple', $1) AND (' ' || lower(s.title)) LIKE $3`,
              fts,
            ]
          : null,
      },
      // Trigrams need 3 characters: shorter infixes come from the popular pass alone.
      { popular: () => true, indexed: lowered.length >= 3 ? [`s.title ILIKE $1`, params[3]] : null },
    ];
    // First pass: the most played songs, in play order, sorted into tiers (each kept to `want` songs).
    const popular: string[][] = tiers.map(() => []);
    for (const song of await popularSongs()) {
      if (!song.lt.includes(lowered)) continue;
      const tier = tiers.findIndex((t) => t.popular(song.lt));
      if (popular[tier]!.length < want) popular[tier]!.push(song.id);
    }

    const ranked: string[] = [];
    const taken = new Set<string>();
    const take = (ids: string[]) => {
      for (const id of ids) {
        if (ranked.length >= want) return;
        if (!taken.has(id)) {
          taken.add(id);
          ranked.push(id);
        }
      }
    };
    // The tiers short of matches among the popular songs ask their indexes at the same time (pooled
    // connections); the answers are then taken in tier order. Each asks for twice the page, as songs an
    // earlier tier took come back too.
    const none = new Set<string>();
    const lookups = tiers.map((t, tier) =>
      popular[tier]!.length < want && t.indexed
        ? indexed(t.indexed[0], t.indexed[1], want * 2, none, tier === 2 ? [params[2]] : [])
        : null,
    );
    const found = popular.reduce((sum, list) => sum + list.length, 0);
    const artistSongs = found < want ? byArtist(text, want * 2, none) : null;
    // A failed lookup is reported once, below, not as an unhandled rejection of a promise not yet awaited.
    for (const pending of [...lookups, artistSongs]) pending?.catch(() => {});
    for (let tier = 0; tier < tiers.length && ranked.length < want; tier++) {
      const need = want - ranked.length;
      const lookup = lookups[tier];
      // The tier's popular songs outrank every other song of the tier: they come first.
      take(popular[tier]!);
      if (popular[tier]!.length < need && lookup) take(await lookup);
    }
    if (ranked.length < want && artistSongs) take(await artistSongs);
    if (ranked.length < want && words.length) take(await fuzzy(text, words, want - ranked.length, taken));
    return ranked.slice(offset, offset + limit);
  }

  /** Songs of the artists whose name matches best, most played first. */
  async function byArtist(text: string, need: number, exclude: Set<string>): Promise<string[]> {
    const contains = `%${escapeLike(text)}%`;
    // Under 3 characters the trigram index cannot help: only names that start with the text.
    const artists = await (text.length >= 3 ? withBitmaps : q)<{ id: string }>(
      `SELECT id FROM artists WHERE name ILIKE $1 LIMIT 10`,
      [text.length >= 3 ? contains : `${escapeLike(text)}%`],
    );
    if (artists.length === 0) return [];
    return indexed(
      `s.artist_id = ANY($1::uuid[])`,
      artists.map((a) => a.id),
      need,
      exclude,
    );
  }

  /**
   * Each query word with its corrections from the catalog's own words (edit distance 1, or 2 for words
   * of 6 letters or more), most frequent first, and how many titles those words appear in. A word the
   * catalog uses often is taken as written.
   */
  async function corrections(words: string[]): Promise<Array<{ options: string[]; ndoc: number }>> {
    await ensureWords();
    const rows = await q<{ w: string; word: string; ndoc: number }>(
      `SELECT q.w, d.word, d.ndoc FROM unnest($1::text[]) AS q(w)
       CROSS JOIN LATERAL (
         (SELECT word, ndoc FROM search_words WHERE word = q.w)
         UNION
         (SELECT word, ndoc FROM search_words WHERE length(q.w) >= 6 AND word % q.w AND word <> ''
          ORDER BY similarity(word, q.w) DESC LIMIT 20)
         UNION
         (SELECT sw.word, sw.ndoc FROM search_word_variants v JOIN search_words sw ON sw.word = v.word
          WHERE length(q.w) >= 3 AND v.variant IN (
            SELECT q.w UNION ALL
            SELECT left(q.w, i - 1) || substr(q.w, i + 1) FROM generate_series(1, length(q.w)) AS i
          )
          LIMIT 200)
       ) d`,
      [words],
    );
    return words.map((w) => {
      const mine = rows.filter((r) => r.w === w);
      const exact = mine.find((r) => r.word === w);
      if (exact && exact.ndoc >= COMMON_WORD) return { options: [w], ndoc: exact.ndoc };
      const scored = mine
        .map((r) => ({ word: r.word, ndoc: r.ndoc, d: editDistance(w, r.word, 2) }))
        .filter((r) => r.d <= maxTypos(w))
        .sort((a, b) => a.d - b.d || b.ndoc - a.ndoc)
        .slice(0, CORRECTIONS_PER_WORD);
      if (scored.length === 0) return { options: [w], ndoc: 0 };
      return { options: scored.map((r) => r.word), ndoc: scored.reduce((sum, r) => sum + r.ndoc, 0) };
    });
  }

  /**
   * Typo-tolerant matches: songs with (a correction of) every query word, found through the full-text
   * index (unknown words checked on the rows), plus songs of artists with a similar name; ordered by
   * similarity with the query, then plays.
   */
  async function fuzzy(text: string, words: string[], need: number, exclude: Set<string>): Promise<string[]> {
    // Titles and artist names are looked up at the same time (two pooled connections).
    const [titles, byArtistName] = await Promise.all([fuzzyTitles(words), similarArtistSongs(text)]);
    const candidates = new Set([...titles, ...byArtistName]);
    const ids = [...candidates].filter((id) => !exclude.has(id));
    if (ids.length === 0) return [];
    const rows = await q<{ id: string }>(
      `SELECT s.id FROM songs s LEFT JOIN artists a ON a.id = s.artist_id WHERE s.id = ANY($2::uuid[])
       ORDER BY greatest(word_similarity($1, s.title), word_similarity($1, coalesce(a.name, ''))) DESC,
                s.play_count DESC, s.id DESC
       LIMIT $3`,
      [text, ids, need],
    );
    return rows.map((r) => r.id);
  }

  /** Songs with (a correction of) every query word: the popular ones first, then from the full-text index. */
  async function fuzzyTitles(words: string[]): Promise<string[]> {
    const groups = await corrections(words);
    const patterns = groups.map((g, i) => {
      const options = [...g.options];
      if (i === groups.length - 1) options.push(words[i]!); // the last word may be unfinished
      return options.map((w) => `% ${escapeLike(w)}%`);
    });
    const options = groups.map((g, i) => {
      const list = g.options.map((w) => ` ${w}`);
      if (i === groups.length - 1) list.push(` ${words[i]}`);
      return list;
    });
    const candidates: string[] = [];
    for (const song of await popularSongs()) {
      const padded = ` ${song.lt}`;
      if (options.every((list) => list.some((w) => padded.includes(w)))) candidates.push(song.id);
      if (candidates.length >= FUZZY_CANDIDATES) return candidates;
    }
    const usable = groups.filter((g) => g.ndoc > 0);
    if (usable.length === 0) return candidates;
    // Every word the catalog knows (with its corrections) is matched in the full-text index, which
    // intersects them without reading rows; a word it does not know (maybe unfinished) is checked on the rows.
    const tsquery = usable.map((g) => `(${g.options.map((w) => `'${w}'`).join(" | ")})`).join(" & ");
    const others = patterns.filter((_, i) => groups[i]!.ndoc === 0);
    const checks = others.map((_, k) => `AND (' ' || lower(s.title)) LIKE ANY($${k + 2}::text[])`).join(" ");
    const rows = await withBitmaps<{ id: string }>(
      `SELECT s.id FROM songs s WHERE to_tsvector('simple', s.title) @@ to_tsquery('simple', $1) ${checks}
       LIMIT ${FUZZY_CANDIDATES}`,
      [tsquery, ...others],
    );
    return [...candidates, ...rows.map((r) => r.id)];
  }

  /** The most played songs of the three artists whose names are most like the query. */
  async function similarArtistSongs(text: string): Promise<string[]> {
    if (text.length < 3 || text.length > 40) return [];
    const rows = await withBitmaps<{ id: string }>(
      `SELECT s.id FROM (SELECT id FROM artists WHERE $1 <% name ORDER BY word_similarity($1, name) DESC LIMIT 3) a
       CROSS JOIN LATERAL (SELECT s.id FROM songs s WHERE s.artist_id = a.id ORDER BY s.play_count DESC LIMIT 20) s`,
      [text],
    );
    return rows.map((r) => r.id);
  }

  return { rank, refreshWords, withBitmaps };
}

// Ranked song search that stays fast at a million songs.
//
// Ranking (unchanged): exact title, then title prefix, then the query at a word start (word or word
// prefix, "midn" finds "Blue Midnight"), then anywhere in the title (infix), then songs by matching
// artists, then typo-tolerant matches ordered by similarity; within a tier, most played first.
//
// Each tier is found with a bounded amount of work, and the tiers are visited in order until the page
// is full, so a lower tier (the costly typo tier above all) runs only when the better ones run short:
//  1. One pass over the POPULAR_WINDOW most played songs (an index-only scan of idx_songs_popular,
//     which carries the title) classifies them by tier. A tier that has enough matches there is
//     complete: no other song of that tier is played more.
//  2. A tier short of matches there is rare in the catalog: its own index answers it (the title's
//     btree for exact and prefix, full-text GIN for word starts, trigram GIN for infixes), as a bitmap
//     scan (SET LOCAL forbids walking the whole table in play order, which a misestimate could pick).
//  3. Typos: each query word is corrected against search_words (the catalog's distinct words, a
//     materialized view) by trigram similarity and edit distance, the corrected words are found like
//     tier 1-2, and the candidates are ordered by word_similarity with the query.
import type { DataSource, EntityManager } from "typeorm";
import { escapeLike } from "../lib/like-pattern.js";

/** How many of the most played songs the first pass classifies (an index-only scan; ~2 ms). */
export const POPULAR_WINDOW = 5000;
/** Typo candidates re-ranked by similarity, at most. */
const FUZZY_CANDIDATES = 200;
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

/** A tsquery of the words in order, the last one as a prefix (the listener may still be typing). */
const phraseQuery = (words: string[]) =>
  words.map((w, i) => `'${w}'${i === words.length - 1 ? ":*" : ""}`).join(" <-> ");

interface Tier {
  /** Condition on `lt` (the lower-cased title, C collation) for the popular pass ($1-$4). */
  popular: string;
  /** The same condition on songs `s` with its one parameter ($1), answered by an index. Null: none. */
  indexed: [string, unknown] | null;
}

export interface SongSearch {
  /** Ids of the songs ranked `offset` to `offset + limit - 1`. */
  rank(text: string, limit: number, offset: number): Promise<string[]>;
  /** Refreshes search_words when the catalog's songs changed since it was built. */
  refreshWords(force?: boolean): Promise<void>;
}

export function createSongSearch(db: DataSource): SongSearch {
  const q = querier(db);
  let wordsReady: Promise<void> | null = null;

  async function refreshWords(force = false): Promise<void> {
    const [state] = await q<{ built: number | null; songs: number; populated: boolean }>(
      `SELECT (SELECT ndoc FROM search_words WHERE word = '') AS built,
              (SELECT count(*) FROM songs)::int AS songs,
              (SELECT relispopulated FROM pg_class WHERE oid = 'search_words'::regclass) AS populated`,
    );
    if (!force && state && state.built === state.songs) return;
    await q(
      `REFRESH MATERIALIZED VIEW ${state?.populated && state.built !== null ? "CONCURRENTLY " : ""}search_words`,
    );
  }
  const ensureWords = () => (wordsReady ??= refreshWords().catch(() => {}));

  /** Up to `need` ids of songs matching one tier, most played first, found with its index as a bitmap scan. */
  async function indexed(
    condition: string,
    param: unknown,
    need: number,
    exclude: Set<string>,
  ): Promise<string[]> {
    const rows = await db.transaction(async (manager) => {
      // Bitmap scans only: never a walk over every song in play order, never JIT for a short query.
      await manager.query(
        `SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL jit = off`,
      );
      return (await manager.query(
        `SELECT s.id FROM songs s WHERE ${condition} ORDER BY s.play_count DESC, s.id DESC LIMIT $2`,
        [param, need + exclude.size],
      )) as Array<{ id: string }>;
    });
    return rows.map((r) => r.id).filter((id) => !exclude.has(id));
  }

  async function rank(text: string, limit: number, offset: number): Promise<string[]> {
    const want = offset + limit;
    const lowered = text.toLowerCase();
    const words = wordsOf(text);
    const like = escapeLike(lowered);
    const params = [lowered, `${like}%`, `% ${like}%`, `%${like}%`];
    // Words are letters and digits only, so they are safe inside a tsquery literal.
    const fts = words.length ? phraseQuery(words) : null;
    const tiers: Tier[] = [
      { popular: `lt = $1`, indexed: [`lower(s.title) = $1`, params[0]] },
      { popular: `lt LIKE $2`, indexed: [`lower(s.title) LIKE $1`, params[1]] },
      {
        popular: `(' ' || lt) LIKE $3`,
        indexed: fts ? [`to_tsvector('simple', s.title) @@ to_tsquery('simple', $1)`, fts] : null,
      },
      // Trigrams need 3 characters: shorter infixes come from the popular pass alone.
      { popular: `lt LIKE $4`, indexed: lowered.length >= 3 ? [`s.title ILIKE $1`, params[3]] : null },
    ];
    const cases = tiers.map((t, i) => `WHEN ${t.popular} THEN ${i}`).join(" ");
    const popular = await q<{ id: string; tier: number }>(
      `SELECT id, tier FROM (
         SELECT id, play_count, CASE ${cases} END AS tier,
                row_number() OVER (PARTITION BY CASE ${cases} END ORDER BY play_count DESC, id DESC) AS n
         FROM (SELECT id, lower(title COLLATE "C") AS lt, play_count FROM songs
               ORDER BY play_count DESC, id DESC LIMIT ${POPULAR_WINDOW}) top
       ) t WHERE tier IS NOT NULL AND n <= $5
       ORDER BY tier, play_count DESC, id DESC`,
      [...params, want],
    );

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
    for (let tier = 0; tier < tiers.length && ranked.length < want; tier++) {
      const found = popular.filter((r) => r.tier === tier).map((r) => r.id);
      const need = want - ranked.length;
      const index = tiers[tier]!.indexed;
      if (found.length >= need || !index) take(found);
      else take(await indexed(index[0], index[1], need, taken));
    }
    if (ranked.length < want) take(await byArtist(text, want - ranked.length, taken));
    if (ranked.length < want && words.length) take(await fuzzy(text, words, want - ranked.length, taken));
    return ranked.slice(offset, offset + limit);
  }

  /** Songs of the artists whose name matches best, most played first. */
  async function byArtist(text: string, need: number, exclude: Set<string>): Promise<string[]> {
    const contains = `%${escapeLike(text)}%`;
    let artists = await q<{ id: string }>(`SELECT id FROM artists WHERE name ILIKE $1 ORDER BY id LIMIT 50`, [
      contains,
    ]);
    if (artists.length === 0 && text.length >= 3) {
      artists = await q<{ id: string }>(
        `SELECT id FROM artists WHERE $1 <% name ORDER BY word_similarity($1, name) DESC, id LIMIT 5`,
        [text],
      );
    }
    if (artists.length === 0) return [];
    const rows = await q<{ id: string }>(
      `SELECT s.id FROM songs s WHERE s.artist_id = ANY($1::uuid[]) ORDER BY s.play_count DESC, s.id DESC LIMIT $2`,
      [artists.map((a) => a.id), need + exclude.size],
    );
    return rows.map((r) => r.id).filter((id) => !exclude.has(id));
  }

  /** Corrections of each query word from the catalog's own words (the word itself when it is one). */
  async function corrections(words: string[]): Promise<string[][]> {
    await ensureWords();
    const rows = await q<{ w: string; word: string; ndoc: number }>(
      `SELECT q.w, d.word, d.ndoc FROM unnest($1::text[]) AS q(w)
       CROSS JOIN LATERAL (
         (SELECT word, ndoc FROM search_words WHERE word % q.w AND word <> '' LIMIT 50)
         UNION
         (SELECT word, ndoc FROM search_words
          WHERE left(word, 1) = left(q.w, 1) AND length(word) BETWEEN length(q.w) - 2 AND length(q.w) + 2
            AND word <> '' LIMIT 2000)
       ) d`,
      [words],
    );
    return words.map((w) => {
      const scored = rows
        .filter((r) => r.w === w)
        .map((r) => ({ word: r.word, ndoc: r.ndoc, d: editDistance(w, r.word, 2) }))
        .filter((r) => r.d <= maxTypos(w))
        .sort((a, b) => a.d - b.d || b.ndoc - a.ndoc);
      const best = scored.slice(0, CORRECTIONS_PER_WORD).map((r) => r.word);
      return best.length ? best : [w];
    });
  }

  /** Songs whose words are corrections of the query's words, ordered by similarity with the query. */
  async function fuzzy(text: string, words: string[], need: number, exclude: Set<string>): Promise<string[]> {
    const fixes = await corrections(words);
    // Every query word must match (one of its corrections); the last may be a prefix.
    const tsquery = fixes
      .map((options, i) => {
        const terms = options.map((w) => `'${w}'`);
        if (i === fixes.length - 1) terms.push(`'${words[i]}':*`);
        return `(${terms.join(" | ")})`;
      })
      .join(" & ");
    const patterns = fixes.map((options, i) => [
      ...options.map((w) => `% ${escapeLike(w)}%`),
      `% ${escapeLike(words[i]!)}%`,
    ]);
    const popularCondition = patterns.map((_, i) => `(' ' || lt) LIKE ANY($${i + 1}::text[])`).join(" AND ");
    const popular = await q<{ id: string }>(
      `SELECT id FROM (SELECT id, lower(title COLLATE "C") AS lt FROM songs
                       ORDER BY play_count DESC, id DESC LIMIT ${POPULAR_WINDOW}) top
       WHERE ${popularCondition} LIMIT ${FUZZY_CANDIDATES}`,
      patterns,
    );
    const candidates = new Set(popular.map((r) => r.id));
    if (candidates.size < FUZZY_CANDIDATES) {
      const more = await indexed(
        `to_tsvector('simple', s.title) @@ to_tsquery('simple', $1)`,
        tsquery,
        FUZZY_CANDIDATES,
        new Set(),
      );
      for (const id of more) candidates.add(id);
    }
    const ids = [...candidates].filter((id) => !exclude.has(id));
    if (ids.length === 0) return [];
    const rows = await q<{ id: string }>(
      `SELECT s.id FROM songs s WHERE s.id = ANY($2::uuid[])
       ORDER BY word_similarity($1, s.title) DESC, s.play_count DESC, s.id DESC LIMIT $3`,
      [text, ids, need],
    );
    return rows.map((r) => r.id);
  }

  return { rank, refreshWords };
}

// Search at catalog scale: a fixed, reproducible set of queries (prefix, word, infix, typos) made from
// the data set itself; latency of search and suggestions through the API, a plain `ILIKE '%q%'` on the
// same table as the reference, and the share of typo queries whose intended song is in the top 5.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { RESULTS_DIR } from "../config.js";
import { Random } from "../data/random.js";
import { percentile, round, type BenchResult, type Budget, type Row } from "../lib/report.js";

export type QueryKind = "prefix" | "short" | "word" | "infix" | "typo";
export interface SearchQuery {
  kind: QueryKind;
  q: string;
  /** For typos: the song the listener meant. */
  intended?: string;
}

const wordsOf = (title: string) =>
  title
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** One edit of the kinds people make: swapped letters, a dropped letter, a doubled one, a neighbour key. */
function typo(word: string, random: Random): string {
  const i = random.int(1, word.length - 3);
  const kind = random.int(0, 3);
  if (kind === 0) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 2) return word.slice(0, i) + word[i] + word.slice(i);
  const keyboard = "qwertyuiopasdfghjklzxcvbnm";
  const k = keyboard.indexOf(word[i]!);
  const neighbour = keyboard[k === keyboard.length - 1 ? k - 1 : k + 1] ?? "e";
  return word.slice(0, i) + neighbour + word.slice(i + 1);
}

/** The query set: deterministic for a given data set. */
export async function buildQueries(
  client: pg.Client,
  songs: number,
  perKind: number,
): Promise<SearchQuery[]> {
  const percent = Math.min(100, (40_000 / songs) * 100);
  const sample = (
    await client.query<{ id: string; title: string }>(
      `SELECT id, title FROM songs TABLESAMPLE BERNOULLI (${percent}) REPEATABLE (7) ORDER BY id`,
    )
  ).rows;
  const random = new Random(42);
  const queries: SearchQuery[] = [];
  const seen = new Set<string>();
  const add = (query: SearchQuery) => {
    const key = `${query.kind}:${query.q}`;
    if (query.q.length === 0 || seen.has(key)) return false;
    seen.add(key);
    queries.push(query);
    return true;
  };
  const pickWord = (minLength: number) => {
    for (;;) {
      const words = wordsOf(random.pick(sample).title).filter((w) => w.length >= minLength);
      if (words.length) return random.pick(words);
    }
  };

  for (let n = 0; n < perKind;) if (add({ kind: "word", q: pickWord(3) })) n++;
  for (let n = 0; n < perKind;) {
    const word = pickWord(5);
    if (add({ kind: "prefix", q: word.slice(0, random.int(3, Math.min(5, word.length - 1))) })) n++;
  }
  for (let n = 0; n < Math.ceil(perKind / 4);) if (add({ kind: "short", q: pickWord(3).slice(0, 2) })) n++;
  for (let n = 0; n < perKind;) {
    const word = pickWord(7);
    const start = random.int(1, word.length - 4);
    if (
      add({
        kind: "infix",
        q: word.slice(start, start + random.int(3, Math.min(5, word.length - start - 1))),
      })
    )
      n++;
  }

  // Typos: the whole title of a song that is the only one with that title, one word misspelt.
  const candidates = sample.filter((s) => wordsOf(s.title).some((w) => w.length >= 5));
  const counts = new Map<string, number>();
  const lowered = [...new Set(candidates.map((s) => s.title.toLowerCase()))];
  for (let i = 0; i < lowered.length; i += 2000) {
    const r = await client.query<{ t: string; n: number }>(
      `SELECT lower(title) AS t, count(*)::int AS n FROM songs WHERE lower(title) = ANY($1) GROUP BY 1`,
      [lowered.slice(i, i + 2000)],
    );
    for (const row of r.rows) counts.set(row.t, row.n);
  }
  const unique = candidates.filter((s) => counts.get(s.title.toLowerCase()) === 1);
  for (let n = 0, tries = 0; n < perKind && tries < 100_000; tries++) {
    const song = random.pick(unique);
    const words = song.title.split(" ");
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{5,}$/.test(w));
    if (!long.length) continue;
    const [word, index] = random.pick(long);
    words[index] = typo(word, random);
    if (add({ kind: "typo", q: words.join(" "), intended: song.id })) n++;
  }
  return queries;
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await run();
  return [performance.now() - t, value];
}

export async function searchBenchmark(
  apiUrl: string,
  client: pg.Client,
  queries: SearchQuery[],
  referenceEvery: number,
  songs: number,
): Promise<BenchResult> {
  const get = async (path: string) => {
    const res = await fetch(apiUrl + path);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const searchPath = (q: string) => `/api/songs/search?q=${encodeURIComponent(q)}`;
  const suggestPath = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

  // Warm-up pass (the server's pools and PostgreSQL's buffers), then the measured pass. The server keeps
  // a short text's suggestions for a minute: their first answers, in the warm-up, are timed apart.
  const shortFirst: number[] = [];
  for (const query of queries) {
    await get(searchPath(query.q));
    const [ms] = await timed(() => get(suggestPath(query.q)));
    if (query.kind === "short") shortFirst.push(ms);
  }
  const search: Array<{ kind: QueryKind; ms: number }> = [];
  const suggest: Array<{ kind: QueryKind; ms: number }> = [];
  let typoHits = 0;
  const misses: string[] = [];
  let typos = 0;
  for (const query of queries) {
    const [ms, songsFound] = await timed(() => get(searchPath(query.q)) as Promise<Array<{ id: string }>>);
    search.push({ kind: query.kind, ms });
    if (query.kind === "typo") {
      typos++;
      if (songsFound.slice(0, 5).some((s) => s.id === query.intended)) typoHits++;
      else if (misses.length < 10) misses.push(JSON.stringify(query.q));
    }
    const [ms2] = await timed(() => get(suggestPath(query.q)));
    suggest.push({ kind: query.kind, ms: ms2 });
  }

  // The reference: a plain ILIKE '%q%' on the same table, without any index (what search replaces).
  const reference: Array<{ index: number; ms: number }> = [];
  await client.query(`SET enable_indexscan = off`);
  await client.query(`SET enable_bitmapscan = off`);
  for (let i = 0; i < queries.length; i += referenceEvery) {
    const pattern = `%${queries[i]!.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [ms] = await timed(() =>
      client.query(`SELECT id, title FROM songs WHERE title ILIKE $1 ORDER BY play_count DESC, id LIMIT 20`, [
        pattern,
      ]),
    );
    reference.push({ index: i, ms });
  }
  await client.query(`RESET enable_indexscan`);
  await client.query(`RESET enable_bitmapscan`);
  const sameSubset = reference.map((r) => search[r.index]!.ms);
  // Every query's timings, slowest first, for finding what makes the tail (not part of the report).
  const ilike = new Map(reference.map((r) => [r.index, round(r.ms, 2)]));
  const perQuery = queries
    .map((query, i) => ({
      kind: query.kind,
      q: query.q,
      searchMs: round(search[i]!.ms, 2),
      suggestMs: round(suggest[i]!.ms, 2),
      ilikeMs: ilike.get(i) ?? null,
    }))
    .sort((a, b) => b.searchMs - a.searchMs);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(RESULTS_DIR, "search-queries.json"), `${JSON.stringify(perQuery, null, 1)}\n`);

  const kinds: Array<QueryKind | "all"> = ["all", "prefix", "short", "word", "infix", "typo"];
  const rows: Row[] = kinds.map((kind) => {
    const s = search.filter((x) => kind === "all" || x.kind === kind).map((x) => x.ms);
    const g = suggest.filter((x) => kind === "all" || x.kind === kind).map((x) => x.ms);
    const ref = reference.filter((r) => kind === "all" || queries[r.index]!.kind === kind).map((r) => r.ms);
    return {
      queries: kind,
      n: s.length,
      "search p50 ms": round(percentile(s, 50), 2),
      "search p95 ms": round(percentile(s, 95), 2),
      "suggest p50 ms": round(percentile(g, 50), 2),
      "suggest p95 ms": round(percentile(g, 95), 2),
      "ILIKE n": ref.length,
      "ILIKE p50 ms": ref.length ? round(percentile(ref, 50)) : null,
      "ILIKE p95 ms": ref.length ? round(percentile(ref, 95)) : null,
    };
  });
  const all = search.map((x) => x.ms);
  const allSuggest = suggest.map((x) => x.ms);
  const p95 = percentile(all, 95);
  const suggestP95 = percentile(allSuggest, 95);
  const refs = reference.map((r) => r.ms);
  const speedupP50 = percentile(refs, 50) / percentile(sameSubset, 50);
  const speedupP95 = percentile(refs, 95) / percentile(sameSubset, 95);
  const quality = typos ? typoHits / typos : 0;
  const budgets: Budget[] = [
    {
      figure: `search p95 at ${songs.toLocaleString("en-US")} songs (${queries.length} queries)`,
      budget: "<= 25 ms",
      measured: `${round(p95, 1)} ms (suggestions ${round(suggestP95, 1)} ms)`,
      met: p95 <= 25 && suggestP95 <= 25,
    },
    {
      figure: "search speed-up over ILIKE '%q%' (same queries)",
      budget: ">= 20x",
      measured: `${round(speedupP50)}x at p50, ${round(speedupP95)}x at p95`,
      met: speedupP50 >= 20 && speedupP95 >= 20,
    },
    {
      figure: "typo queries with the intended song in the top 5",
      budget: ">= 90 %",
      measured: `${round(quality * 100)} % (${typoHits}/${typos})`,
      met: quality >= 0.9,
    },
  ];
  return {
    name: "search",
    title: `Search over ${songs.toLocaleString("en-US")} songs: ${queries.length} queries, one at a time through the API`,
    notes: [
      "search = GET /api/songs/search?q= (20 songs); suggest = GET /api/search?q= (songs, playlists, artists; 8 each).",
      `ILIKE = SELECT ... WHERE title ILIKE '%q%' ORDER BY play_count DESC LIMIT 20 straight on PostgreSQL without indexes, every ${referenceEvery}th query.`,
      `speed-up compares ILIKE with search on the same ${reference.length} queries; typo quality: ${typoHits}/${typos}.`,
      `short texts' suggestions the first time they are asked (the warm-up pass; the server then keeps them for a minute): p50 ${round(percentile(shortFirst, 50), 2)} ms, p95 ${round(percentile(shortFirst, 95), 2)} ms over ${shortFirst.length}.`,
      ...(misses.length ? [`typo queries that missed (first ${misses.length}): ${misses.join(", ")}`] : []),
    ],
    columns: Object.keys(rows[0]!),
    rows,
    budgets,
  };
}

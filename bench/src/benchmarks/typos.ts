// Typo tolerance, measured by a procedure that knows nothing of how search corrects: misspelt catalog
// words, the songs plain SQL expects, each query scored on its first three songs. How: bench/README.md.
import { monitorEventLoopDelay } from "node:perf_hooks";
import type pg from "pg";
import { Random } from "../data/random.js";
import { percentile, round, type BenchResult, type Row } from "../lib/report.js";
import { BROWSER_HEADERS, startHotLoad } from "./hot-load.js";

export const EDIT_KINDS = ["swap", "drop", "insert", "substitute"] as const;
export type EditKind = (typeof EDIT_KINDS)[number];
type SetName = "spelt right" | EditKind | "two edits (9+)" | "title, one word";

export interface TypoQuery {
  set: SetName;
  q: string;
  /** The word or title spelt right (folded: lower case a-z, single spaces). */
  intended: string;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** One edit of the given kind at a position drawn uniformly; never leaves the word unchanged. */
export function misspell(word: string, kind: EditKind, random: Random): string {
  for (;;) {
    let out: string;
    if (kind === "swap") {
      const i = random.int(0, word.length - 2);
      out = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    } else if (kind === "drop") {
      const i = random.int(0, word.length - 1);
      out = word.slice(0, i) + word.slice(i + 1);
    } else if (kind === "insert") {
      const i = random.int(0, word.length);
      out = word.slice(0, i) + random.pick([...LETTERS]) + word.slice(i);
    } else {
      const i = random.int(0, word.length - 1);
      out = word.slice(0, i) + random.pick([...LETTERS]) + word.slice(i + 1);
    }
    if (out !== word) return out;
  }
}

/** Lower case, accents dropped, words of letters and digits separated by single spaces. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['\u2019]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Songs of a repeatable sample of the catalog, drawn in proportion to their plays by a seeded PRNG. */
async function popularityDraw(client: pg.Client, songs: number, seed: number) {
  const percent = Math.min(100, (100_000 / songs) * 100);
  const sample = (
    await client.query<{ title: string; plays: number }>(
      `SELECT title, play_count AS plays FROM songs TABLESAMPLE BERNOULLI (${percent}) REPEATABLE (${seed})
       WHERE NOT hidden AND NOT unavailable ORDER BY id`,
    )
  ).rows;
  const cumulative = new Float64Array(sample.length);
  let total = 0;
  sample.forEach((s, i) => (cumulative[i] = total += Number(s.plays) + 1));
  const random = new Random(seed);
  return {
    random,
    /** The folded words of a title drawn by plays. */
    title(): string[] {
      const x = random.next() * total;
      let low = 0;
      let high = cumulative.length - 1;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (cumulative[mid]! <= x) low = mid + 1;
        else high = mid;
      }
      return fold(sample[low]!.title);
    },
  };
}

/** Every word of the catalog's song and album titles, artists' names and genres. */
async function catalogWords(client: pg.Client): Promise<Set<string>> {
  const rows = await client.query<{ word: string }>(
    `SELECT word FROM ts_stat($$SELECT to_tsvector('simple', lower(title)) FROM songs
                               UNION ALL SELECT to_tsvector('simple', lower(name)) FROM artists
                               UNION ALL SELECT to_tsvector('simple', lower(title)) FROM albums
                               UNION ALL SELECT to_tsvector('simple', lower(genre)) FROM songs WHERE genre IS NOT NULL$$)`,
  );
  const words = new Set<string>();
  for (const r of rows.rows) for (const w of fold(r.word)) words.add(w);
  return words;
}

/** The typo set and the words' catalog: deterministic for a given data set. */
export async function buildTypoSet(client: pg.Client, songs: number, words: number): Promise<TypoQuery[]> {
  const draw = await popularityDraw(client, songs, 16);
  const { random } = draw;
  const known = await catalogWords(client);
  const isWord = (w: string) => /^[a-z]+$/.test(w);
  const pickWord = (minLength: number) => {
    for (;;) {
      const long = draw.title().filter((w) => isWord(w) && w.length >= minLength);
      if (long.length) return random.pick(long);
    }
  };
  const queries: TypoQuery[] = [];
  const add = (set: SetName, q: string, intended: string) => {
    if (!q.split(" ").some((w) => !known.has(w))) return false;
    queries.push({ set, q, intended });
    return true;
  };
  for (let n = 0; n < words; n++) {
    const word = pickWord(5);
    queries.push({ set: "spelt right", q: word, intended: word });
    for (const kind of EDIT_KINDS) {
      // A typo that is a catalog word is drawn again (at most a few times: some words have many neighbours).
      for (let tries = 0; tries < 5 && !add(kind, misspell(word, kind, random), word); tries++);
    }
  }
  const twoEdits = Math.ceil(words / 4);
  for (let n = 0, tries = 0; n < twoEdits && tries < twoEdits * 20; tries++) {
    const word = pickWord(9);
    const once = misspell(word, random.pick(EDIT_KINDS), random);
    const twice = misspell(once, random.pick(EDIT_KINDS), random);
    if (twice !== word && add("two edits (9+)", twice, word)) n++;
  }
  for (let n = 0, tries = 0; n < twoEdits && tries < twoEdits * 50; tries++) {
    const title = draw.title();
    const long = title.map((w, i) => [w, i] as const).filter(([w]) => isWord(w) && w.length >= 5);
    if (title.length < 2 || !long.length) continue;
    const [word, index] = random.pick(long);
    const typed = title.map((w, i) => (i === index ? misspell(word, random.pick(EDIT_KINDS), random) : w));
    if (add("title, one word", typed.join(" "), title.join(" "))) n++;
  }
  return queries;
}

/**
 * The expected song of each intended word or title, by plain SQL: the most played listed song whose
 * title is it, else whose title begins with it (as whole words), else (single words) whose title holds it.
 */
async function expectedSongs(client: pg.Client, intended: string[]): Promise<Map<string, string>> {
  // Read through the title indexes: a walk over the songs by plays, folding every title on the way until
  // one matches, takes seconds for a rare word.
  await client.query(`BEGIN`);
  await client.query(
    `SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_seqscan = off`,
  );
  const { rows } = await client.query<{ intended: string; id: string }>(
    `SELECT w.intended, best.id FROM unnest($1::text[]) AS w(intended)
     CROSS JOIN LATERAL (
       SELECT id FROM (
         (SELECT s.id, 0 AS tier, s.play_count FROM songs s
          WHERE search_fold(s.title) = w.intended AND NOT s.hidden AND NOT s.unavailable
          ORDER BY s.play_count DESC, s.id DESC LIMIT 1)
         UNION ALL
         (SELECT s.id, 1, s.play_count FROM songs s
          WHERE search_fold(s.title) ~>=~ (w.intended || ' ') AND search_fold(s.title) ~<~ (w.intended || '!')
            AND NOT s.hidden AND NOT s.unavailable
          ORDER BY s.play_count DESC, s.id DESC LIMIT 1)
         UNION ALL
         (SELECT s.id, 2, s.play_count FROM songs s
          WHERE position(' ' IN w.intended) = 0
            AND to_tsvector('simple', search_fold(s.title)) @@ to_tsquery('simple', w.intended)
            AND NOT s.hidden AND NOT s.unavailable
          ORDER BY s.play_count DESC, s.id DESC LIMIT 1)
       ) t ORDER BY tier LIMIT 1
     ) best`,
    [intended],
  );
  await client.query(`COMMIT`);
  return new Map(rows.map((r) => [r.intended, r.id]));
}

interface Found {
  id: string;
  title: string;
  artist: { name: string } | null;
}

/** Whether a text holds all the words, each as a whole word. */
const holdsWords = (text: string, words: string) => {
  const held = new Set(fold(text));
  return words.split(" ").every((w) => held.has(w));
};

interface Score {
  n: number;
  holdsFirst: number;
  holdsTop3: number;
  bestFirst: number;
  bestTop3: number;
}

/** One search as the app sends it, timed from request to parsed response. */
async function searchTimed(apiUrl: string, q: string): Promise<{ ms: number; found: Found[] }> {
  const t = performance.now();
  const res = await fetch(`${apiUrl}/api/songs/search?q=${encodeURIComponent(q)}&limit=20`);
  if (!res.ok) throw new Error(`${q}: ${res.status} ${await res.text()}`);
  const found = (await res.json()) as Found[];
  return { ms: performance.now() - t, found };
}

interface MixedQuery {
  kind: "prefix" | "word" | "typo";
  q: string;
}

const spelledRight = (queries: TypoQuery[]) => [
  ...new Set(queries.filter((t) => t.set === "spelt right").map((t) => t.q)),
];

/** Words searched before anything is timed (pools, buffers, the dictionary). */
const warmUpWords = (queries: TypoQuery[]) => spelledRight(queries).slice(0, 50);

/** The latency set: 3-letter prefixes, whole words and typos in equal numbers (300 each at most), shuffled. */
function mixedSet(queries: TypoQuery[]): MixedQuery[] {
  const random = new Random(61);
  const distinct = spelledRight(queries);
  const typos = queries.filter((t) => (EDIT_KINDS as readonly string[]).includes(t.set));
  const perKind = Math.min(300, distinct.length);
  const mixed: MixedQuery[] = [
    ...distinct.slice(0, perKind).map((q) => ({ kind: "word" as const, q })),
    ...[...new Set(distinct.map((w) => w.slice(0, 3)))]
      .slice(0, perKind)
      .map((q) => ({ kind: "prefix" as const, q })),
    ...Array.from({ length: perKind }, () => ({ kind: "typo" as const, q: random.pick(typos).q })),
  ];
  for (let i = mixed.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [mixed[i], mixed[j]] = [mixed[j]!, mixed[i]!];
  }
  return mixed;
}

/** Each query of the set in turn, the next sent once the last response is read. */
async function timeOneAtATime(apiUrl: string, mixed: MixedQuery[]) {
  const timed: Array<{ kind: string; ms: number }> = [];
  for (const m of mixed) timed.push({ kind: m.kind, ms: (await searchTimed(apiUrl, m.q)).ms });
  return timed;
}

/** Connections reading hot catalog pages while the mixed set is measured again ("under load"). */
const HOT_CONNECTIONS = 50;

/** The bench process's event-loop delay while `measure` runs: what the timer of each request adds. */
async function withLoopDelay<T>(measure: () => Promise<T>): Promise<{ result: T; loopDelayP95: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  try {
    const result = await measure();
    return { result, loopDelayP95: delay.percentile(95) / 1e6 };
  } finally {
    delay.disable();
  }
}

/**
 * Runs `measure` while HOT_CONNECTIONS connections read `paths` in turn (autocannon, in a process of its
 * own: hot-load.ts), then stops them; answers what `measure` answered and the pages' requests per second.
 */
async function whileHotPagesRead<T>(
  apiUrl: string,
  paths: string[],
  measure: () => Promise<T>,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<{ value: T; rps: number; errors: number }> {
  const load = await startHotLoad(apiUrl, paths, HOT_CONNECTIONS, headers);
  let value: T;
  try {
    value = await measure();
  } catch (error) {
    await load.stop().catch(() => {});
    throw error;
  }
  return { value, ...(await load.stop()) };
}

/**
 * `words`: how many title words are sampled (each misspelt four ways: 1,000 typos, as the budget asks).
 * `hotPaths`: catalog pages read by HOT_CONNECTIONS connections while the mixed set is timed again.
 */
export async function typoBenchmark(
  apiUrl: string,
  client: pg.Client,
  songs: number,
  words: number,
  hotPaths: string[] = [],
): Promise<BenchResult> {
  const search = (q: string) => searchTimed(apiUrl, q);
  const queries = await buildTypoSet(client, songs, words);
  const expected = await expectedSongs(client, [...new Set(queries.map((t) => t.intended))]);

  // Warm-up (pools, buffers, the dictionary), then the mixed latency set, then every query scored.
  const mixed = mixedSet(queries);
  for (const w of warmUpWords(queries)) await search(w);
  const timeMixed = () => timeOneAtATime(apiUrl, mixed);
  const sequential = await withLoopDelay(timeMixed);
  const latency = sequential.result;
  // The pages read as browsers read them (compressed); then as autocannon reads them by default, which
  // earlier runs measured (uncompressed, 4-8 times the bytes written per page), for comparison.
  const loaded = hotPaths.length
    ? await whileHotPagesRead(apiUrl, hotPaths, () => withLoopDelay(timeMixed))
    : null;
  const loadedUncompressed = hotPaths.length
    ? await whileHotPagesRead(apiUrl, hotPaths, () => withLoopDelay(timeMixed), {})
    : null;

  const scores = new Map<SetName, Score>();
  const misses: string[] = [];
  for (const query of queries) {
    const { found } = await search(query.q);
    const score =
      scores.get(query.set) ??
      scores.set(query.set, { n: 0, holdsFirst: 0, holdsTop3: 0, bestFirst: 0, bestTop3: 0 }).get(query.set)!;
    const holds = found
      .slice(0, 3)
      .map((s) => holdsWords(s.title, query.intended) || holdsWords(s.artist?.name ?? "", query.intended));
    const best = expected.get(query.intended);
    const ids = found.slice(0, 3).map((s) => s.id);
    score.n++;
    if (holds[0]) score.holdsFirst++;
    if (holds.some(Boolean)) score.holdsTop3++;
    if (best !== undefined && ids[0] === best) score.bestFirst++;
    if (best !== undefined && ids.includes(best)) score.bestTop3++;
    if (!holds[0] && misses.length < 30)
      misses.push(
        `${query.set}: ${JSON.stringify(query.q)} (${query.intended}) -> ${JSON.stringify(found[0]?.title ?? null)}`,
      );
  }
  const pct = (a: number, b: number) => (b ? round((a / b) * 100, 1) : null);
  const rows: Row[] = [...scores].map(([set, s]) => ({
    set,
    n: s.n,
    "first holds the word %": pct(s.holdsFirst, s.n),
    "top 3 holds the word %": pct(s.holdsTop3, s.n),
    "first is the best song %": pct(s.bestFirst, s.n),
    "top 3 has the best song %": pct(s.bestTop3, s.n),
  }));
  const typoScores = [...scores].filter(([set]) => set !== "spelt right").map(([, s]) => s);
  const sum = (f: (s: Score) => number) => typoScores.reduce((total, s) => total + f(s), 0);
  const n = sum((s) => s.n);
  rows.push({
    set: "all typos",
    n,
    "first holds the word %": pct(
      sum((s) => s.holdsFirst),
      n,
    ),
    "top 3 holds the word %": pct(
      sum((s) => s.holdsTop3),
      n,
    ),
    "first is the best song %": pct(
      sum((s) => s.bestFirst),
      n,
    ),
    "top 3 has the best song %": pct(
      sum((s) => s.bestTop3),
      n,
    ),
  });
  const all = latency.map((l) => l.ms);
  const p95 = percentile(all, 95);
  const byKind = (timed: Array<{ kind: string; ms: number }>) =>
    ["prefix", "word", "typo"]
      .map((k) => {
        const ms = timed.filter((l) => l.kind === k).map((l) => l.ms);
        return `${k} p50 ${round(percentile(ms, 50), 2)} / p95 ${round(percentile(ms, 95), 2)} ms`;
      })
      .join(", ");
  const loadedAll = loaded?.value.result.map((l) => l.ms) ?? [];
  const loadedP95 = loaded ? percentile(loadedAll, 95) : null;
  const worstFirst = Math.min(
    ...[...scores]
      .filter(([set]) => (EDIT_KINDS as readonly string[]).includes(set))
      .map(([, s]) => s.holdsFirst / s.n),
  );
  return {
    name: "typos",
    title: `Typo tolerance over ${songs.toLocaleString("en-US")} songs: ${n} misspelt queries from ${words} title words (independent set)`,
    notes: [
      "Title words of 5+ letters drawn by plays (seed 16); each misspelt by each edit kind at a uniform position, letters a-z; typos that are catalog words left out.",
      "holds the word = the song's title (or artist) holds the intended word(s); best song = by plain SQL: exact title, then title beginning with the word, then holding it; most played.",
      `Mixed set, one query at a time through GET /api/songs/search: p50 ${round(percentile(all, 50), 2)} ms, p95 ${round(p95, 2)} ms over ${all.length} queries (${byKind(latency)}); the bench process's event-loop delay p95 ${round(sequential.loopDelayP95, 2)} ms.`,
      ...(loaded
        ? [
            `The same set while ${HOT_CONNECTIONS} connections read ${hotPaths.join(", ")} as a browser does (Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}; autocannon in a process of its own, ${round(loaded.rps)} req/s, ${loaded.errors} errors): p50 ${round(percentile(loadedAll, 50), 2)} ms, p95 ${round(loadedP95!, 2)} ms (${byKind(loaded.value.result)}); the bench process's event-loop delay p95 ${round(loaded.value.loopDelayP95, 2)} ms.`,
          ]
        : []),
      ...(loadedUncompressed
        ? [
            `The same again with the pages read uncompressed (no Accept-Encoding, as runs before 25 Nov measured; ${round(loadedUncompressed.rps)} req/s, ${loadedUncompressed.errors} errors): p50 ${round(
              percentile(
                loadedUncompressed.value.result.map((l) => l.ms),
                50,
              ),
              2,
            )} ms, p95 ${round(
              percentile(
                loadedUncompressed.value.result.map((l) => l.ms),
                95,
              ),
              2,
            )} ms.`,
          ]
        : []),
      ...(misses.length
        ? [`first does not hold the word (first ${misses.length}): ${misses.join("; ")}`]
        : []),
    ],
    columns: Object.keys(rows[0] ?? { set: "" }),
    rows,
    budgets: [
      {
        figure: "typos: the first song holds the intended word, worst edit kind",
        budget: ">= 95 %",
        measured: `${round(worstFirst * 100, 1)} %`,
        met: worstFirst >= 0.95,
      },
      {
        figure: "typos: p95 of 3-letter prefixes, whole words and typos, one at a time",
        budget: "<= 25 ms",
        measured: `${round(p95, 1)} ms`,
        met: p95 <= 25,
      },
      ...(loadedP95 === null
        ? []
        : [
            {
              figure: `typos: p95 of the same set while ${HOT_CONNECTIONS} connections read hot catalog pages (compressed, as browsers)`,
              budget: "<= 25 ms",
              measured: `${round(loadedP95, 1)} ms`,
              met: loadedP95 <= 25,
            },
          ]),
    ],
  };
}

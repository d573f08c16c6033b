// Real music in: how fast the ingestion pipeline takes in 3-minute songs (lossless FLAC and lossy
// MP3, made with the real encoder at bench time), how much memory a scan of 10,000 files needs, and how soon
// a premium listener gets the first byte of a high rendition. Each runs the operator's own path: `pnpm
// catalog:scan` (apps/api/src/cli/catalog-scan.ts) on a fresh PostgreSQL database, and the built API.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile, readFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runFfmpeg } from "@purplebeats/media";
import { databaseUrl, REPO_ROOT, SERVER_URL } from "../config.js";
import { percentile, round, type BenchResult } from "../lib/report.js";
import { rssMb, sampleRss, startApi } from "../lib/processes.js";

export const MEDIA_BENCHMARKS = ["ingest", "scan", "stream-high"] as const;

const SONG_SECONDS = 180;

/** The databases these benchmarks make: dropped and made again by each run, dropped at its end. */
export const MEDIA_DATABASES = [
  "purplebeats_bench_ingest_flac",
  "purplebeats_bench_ingest_mp3",
  "purplebeats_bench_scan",
] as const;
type MediaDatabase = (typeof MEDIA_DATABASES)[number];

async function onServer(statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function freshDatabase(name: MediaDatabase): Promise<string> {
  await onServer([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  return databaseUrl(name);
}

export async function dropMediaDatabases(): Promise<void> {
  await onServer(MEDIA_DATABASES.map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * `pnpm catalog:scan` as an operator runs it, on PostgreSQL (the scan and the encoding queue in this one
 * process), started by its own pid so that its memory can be read.
 */
function catalogScan(env: { databaseUrl: string; musicDir: string; mediaDir: string }): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; output: string }>;
} {
  const apiDir = path.join(REPO_ROOT, "apps/api");
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/catalog-scan.ts"], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "development",
      TSX_TSCONFIG_PATH: path.join(apiDir, "tsconfig.run.json"),
      DATABASE_URL: env.databaseUrl,
      MUSIC_DIR: env.musicDir,
      MEDIA_DIR: env.mediaDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  return { child, exited };
}

/** A 3-minute stereo song: a tone over pink noise (noise keeps the encoder honest), tagged. */
async function makeSong(file: string, kind: "flac" | "mp3", n: number): Promise<void> {
  const codec =
    kind === "flac" ? ["-c:a", "flac", "-sample_fmt", "s16"] : ["-c:a", "libmp3lame", "-b:a", "320k"];
  await runFfmpeg([
    "-filter_complex",
    `sine=f=${180 + n * 37}:d=${SONG_SECONDS}:r=44100[t];anoisesrc=d=${SONG_SECONDS}:c=pink:a=0.08:r=44100[n];` +
      `[t][n]amix=inputs=2,aformat=channel_layouts=stereo[out]`,
    "-map",
    "[out]",
    "-metadata",
    `title=Bench ${kind} ${n}`,
    "-metadata",
    `artist=Bench Artist ${n % 3}`,
    "-metadata",
    `album=Bench Album ${kind}`,
    "-metadata",
    `track=${n + 1}`,
    ...codec,
    file,
  ]);
}

export interface IngestRun {
  kind: "flac" | "mp3";
  files: number;
  filesPerMinute: number;
  pipelineSeconds: number;
  wallSeconds: number;
  peakRssMb: number;
  databaseUrl: string;
  mediaDir: string;
}

/** Makes `files` songs, scans them on a fresh database and waits until every one is encoded. */
export async function ingestRun(kind: "flac" | "mp3", files: number, work: string): Promise<IngestRun> {
  const musicDir = path.join(work, `music-${kind}`);
  const mediaDir = path.join(work, `media-${kind}`);
  await mkdir(musicDir, { recursive: true });
  for (let n = 0; n < files; n++) {
    await makeSong(path.join(musicDir, `${String(n + 1).padStart(2, "0")} - Bench ${n}.${kind}`), kind, n);
  }
  const url = await freshDatabase(`purplebeats_bench_ingest_${kind}`);
  const started = performance.now();
  const scan = catalogScan({ databaseUrl: url, musicDir, mediaDir });
  const rss = sampleRss(scan.child.pid!);
  const { code, output } = await scan.exited;
  const wallSeconds = (performance.now() - started) / 1000;
  const peakRssMb = rss.stop();
  if (code !== 0) throw new Error(`catalog:scan exited with ${code}:\n${output}`);
  // From the scan's start to the last song written, as the database saw them: without the process's own
  // start (tsx, migrations), which an operator pays once per run, not per file.
  const [timing] = await query<{ songs: string; seconds: number }>(
    url,
    `SELECT count(*) AS songs,
            EXTRACT(EPOCH FROM max(s.created_at) - (SELECT min(started_at) FROM library_scans)) AS seconds
       FROM songs s WHERE s.content_hash IS NOT NULL`,
  );
  const songs = Number(timing?.songs ?? 0);
  if (songs !== files) throw new Error(`expected ${files} songs, the catalog has ${songs}:\n${output}`);
  const pipelineSeconds = Number(timing!.seconds);
  return {
    kind,
    files,
    filesPerMinute: (files * 60) / pipelineSeconds,
    pipelineSeconds,
    wallSeconds,
    peakRssMb,
    databaseUrl: url,
    mediaDir,
  };
}

export function ingestResult(runs: IngestRun[]): BenchResult {
  return {
    name: "ingest",
    title: `Ingest throughput: ${SONG_SECONDS / 60}-minute songs through the pipeline`,
    notes: [
      "Songs made with FFmpeg at bench time (a tone over pink noise, stereo 44.1 kHz, tagged): FLAC (lossless, 16-bit) and MP3 at 320 kbit/s (lossy: served as its own high rendition).",
      "`pnpm catalog:scan` on a fresh PostgreSQL database: read and hash each file, then per song a 128 kbit/s standard rendition, a 320 kbit/s high one (FLAC) and EBU R128 loudness, in the encoding pool (at most one FFmpeg per core).",
      "Files a minute: from the scan's start to the last song written (database clock); the process's start (tsx, migrations) is in 'wall s' only.",
    ],
    columns: ["source", "files", "files a minute", "pipeline s", "wall s", "peak RSS MB (node)"],
    rows: runs.map((r) => ({
      source: r.kind === "flac" ? "FLAC (lossless)" : "MP3 320 kbit/s (lossy)",
      files: r.files,
      "files a minute": round(r.filesPerMinute, 1),
      "pipeline s": round(r.pipelineSeconds, 1),
      "wall s": round(r.wallSeconds, 1),
      "peak RSS MB (node)": round(r.peakRssMb),
    })),
    budgets: [],
  };
}

// ---- a scan of many files ----

/** An ID3v2.3 tag with text frames (ISO-8859-1): enough for the reader's title, artist, album and track. */
function id3(frames: Record<string, string>): Buffer {
  const bodies = Object.entries(frames).map(([id, text]) => {
    const data = Buffer.concat([Buffer.from([0]), Buffer.from(text, "latin1")]);
    const header = Buffer.alloc(10);
    header.write(id, 0, "ascii");
    header.writeUInt32BE(data.length, 4);
    return Buffer.concat([header, data]);
  });
  const body = Buffer.concat(bodies);
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  // The tag's size as four 7-bit bytes (syncsafe).
  for (let i = 0; i < 4; i++) header[9 - i] = (body.length >> (7 * i)) & 0x7f;
  return Buffer.concat([header, body]);
}

/**
 * `count` distinct MP3 files in Artist/Album/NN - Title.mp3 folders: one short clip encoded once, each copy
 * with its own tag (so its own content hash). Cheap to make: tens of MB for 10,000 files.
 */
async function makeLibrary(dir: string, count: number): Promise<void> {
  const clip = path.join(dir, "clip.mp3");
  await runFfmpeg([
    "-f",
    "lavfi",
    "-i",
    "sine=f=440:d=1",
    "-ac",
    "1",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "64k",
    "-id3v2_version",
    "0",
    "-write_xing",
    "0",
    clip,
  ]);
  const audio = await readFile(clip);
  await rm(clip);
  for (let i = 0; i < count; i++) {
    const artist = `Scan Artist ${i % 200}`;
    const album = `Scan Album ${i % 1000}`;
    const folder = path.join(dir, artist, album);
    if (i < 1000) await mkdir(folder, { recursive: true });
    const title = `Scan Song ${i}`;
    const track = String(Math.floor(i / 1000) + 1);
    const tag = id3({ TIT2: title, TPE1: artist, TALB: album, TRCK: track });
    await writeFile(
      path.join(folder, `${track.padStart(2, "0")} - ${title}.mp3`),
      Buffer.concat([tag, audio]),
    );
  }
}

export async function scanMemoryBenchmark(count: number, work: string): Promise<BenchResult> {
  const musicDir = path.join(work, "music-scan");
  await mkdir(musicDir, { recursive: true });
  const made = performance.now();
  await makeLibrary(musicDir, count);
  const makeSeconds = (performance.now() - made) / 1000;
  const url = await freshDatabase("purplebeats_bench_scan");
  const scan = catalogScan({ databaseUrl: url, musicDir, mediaDir: path.join(work, "media-scan") });
  const pid = scan.child.pid!;
  const rss = sampleRss(pid);
  let atStartMb = NaN;
  let row: { state: string; files_found: number; seconds: number | null } | undefined;
  let failed: string | null = null;
  void scan.exited.then(({ code, output }) => {
    if (!row || row.state === "running") failed = `catalog:scan exited with ${code} mid-scan:\n${output}`;
  });
  // The scan walks, reads and hashes every file and queues each for encoding; its report says when it is
  // done. The encoding of 10,000 clips that follows is not this figure: the process stops there.
  for (;;) {
    if (failed) throw new Error(failed);
    const rows = await query<{ state: string; files_found: number; seconds: number | null }>(
      url,
      `SELECT state, files_found, EXTRACT(EPOCH FROM finished_at - started_at) AS seconds
         FROM library_scans ORDER BY started_at DESC LIMIT 1`,
    ).catch(() => []); // the tables appear once the process has run its migrations
    row = rows[0];
    if (row && Number.isNaN(atStartMb)) atStartMb = rssMb(pid);
    if (row && row.state !== "running") break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const peak = rss.stop();
  scan.child.kill("SIGKILL");
  await scan.exited;
  const [queued] = await query<{ n: string }>(
    url,
    `SELECT count(*) AS n FROM pgboss.job WHERE name LIKE '%encode%'`,
  ).catch(() => [{ n: "?" }]);
  return {
    name: "scan",
    title: `Memory of a scan of ${count.toLocaleString("en-US")} files`,
    notes: [
      `${count.toLocaleString("en-US")} tagged MP3 files (1 s each, ${200} artists, ${1000} albums) made at bench time in ${round(makeSeconds)} s: one clip encoded once, each copy with its own ID3 tag.`,
      "`pnpm catalog:scan` (run by tsx, as the script does) on a fresh PostgreSQL database; RSS of its Node.js process sampled every 100 ms from start until the scan's report says it finished (every file read, hashed, decode-checked by FFmpeg and queued for encoding, while the encoding pool already works). The FFmpeg processes are not counted.",
    ],
    columns: [
      "files found",
      "scan s",
      "files a second",
      "RSS at scan start MB",
      "peak RSS MB",
      "encode jobs queued",
      "state",
    ],
    rows: [
      {
        "files found": row?.files_found ?? 0,
        "scan s": row?.seconds === null || row?.seconds === undefined ? null : round(Number(row.seconds), 1),
        "files a second": row?.seconds ? round(row.files_found / Number(row.seconds), 1) : null,
        "RSS at scan start MB": round(atStartMb),
        "peak RSS MB": round(peak),
        "encode jobs queued": queued?.n ?? "?",
        state: row?.state ?? "?",
      },
    ],
    budgets: [],
  };
}

// ---- time to first byte of a high rendition ----

function firstByte(url: string, cookie: string, range: boolean): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.get(
      url,
      { headers: { cookie, ...(range ? { Range: "bytes=0-" } : {}) }, agent: false },
      (res) => {
        let first = -1;
        res.on("data", () => {
          if (first < 0) {
            first = performance.now() - t;
            res.destroy(); // the first byte is the figure; the rest is the player's business
            resolve({ ms: first, status: res.statusCode ?? 0 });
          }
        });
        res.on("end", () => resolve({ ms: first, status: res.statusCode ?? 0 }));
        res.on("error", () => undefined);
      },
    );
    req.on("error", reject);
  });
}

/** A premium listener's session, as the session store writes it (only the token's hash is kept). */
async function premiumSession(url: string): Promise<string> {
  const uid = "bench-premium-listener";
  await query(
    url,
    `INSERT INTO users (id, username, kind) VALUES ($1, 'bench_premium', 'pi') ON CONFLICT DO NOTHING`,
    [uid],
  );
  await query(
    url,
    `INSERT INTO memberships (user_id, is_premium, expires_at) VALUES ($1, true, now() + interval '30 days')
     ON CONFLICT (user_id) DO UPDATE SET is_premium = true, expires_at = EXCLUDED.expires_at`,
    [uid],
  );
  return sessionFor(url, uid);
}

/** A guest's session (no membership): what every first visit gets before it streams. */
async function guestSession(url: string): Promise<string> {
  const uid = "bench-guest-listener";
  await query(
    url,
    `INSERT INTO users (id, username, kind) VALUES ($1, 'bench_guest', 'guest') ON CONFLICT DO NOTHING`,
    [uid],
  );
  return sessionFor(url, uid);
}

async function sessionFor(url: string, uid: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await query(
    url,
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
    [createHash("sha256").update(token).digest("hex"), uid],
  );
  return `pb_session=${token}`;
}

/**
 * The built API (production mode) over an ingest run's catalog and media: a premium listener asks for each
 * song's high rendition (`quality=high`), a whole file and a range from the start, as a player does.
 */
export async function streamHighBenchmark(ingest: IngestRun, requests: number): Promise<BenchResult> {
  const api = await startApi({
    databaseUrl: ingest.databaseUrl,
    webDist: path.join(REPO_ROOT, "apps/web/dist"),
    adminUid: "bench-admin",
    logLevel: "warn",
    env: { MEDIA_DIR: ingest.mediaDir, SEED: "0", SEED_RENDITIONS: "0" },
  });
  try {
    const cookie = await premiumSession(ingest.databaseUrl);
    const songs = (
      await query<{ id: string }>(ingest.databaseUrl, `SELECT id FROM songs WHERE content_hash IS NOT NULL`)
    ).map((s) => s.id);
    const urlOf = (id: string) => `${api.url}/api/songs/${id}/stream?quality=high`;
    // Streams need a session (trust round); a guest's session may stream only the standard rendition.
    const anonymous = await firstByte(urlOf(songs[0]!), "", false);
    if (anonymous.status !== 401)
      throw new Error(`quality=high without a session answered ${anonymous.status}, not 401`);
    const refused = await firstByte(urlOf(songs[0]!), await guestSession(ingest.databaseUrl), false);
    if (refused.status !== 403) throw new Error(`a guest's quality=high answered ${refused.status}, not 403`);
    const cold: number[] = [];
    for (const id of songs) {
      const r = await firstByte(urlOf(id), cookie, true);
      if (r.status !== 206 && r.status !== 200) throw new Error(`quality=high answered ${r.status}`);
      cold.push(r.ms);
    }
    const warm: number[] = [];
    let bad = 0;
    for (let i = 0; i < requests; i++) {
      const r = await firstByte(urlOf(songs[i % songs.length]!), cookie, i % 2 === 0);
      if (r.status !== 206 && r.status !== 200) bad++;
      warm.push(r.ms);
    }
    const row = (label: string, times: number[]) => ({
      requests: label,
      n: times.length,
      "p50 ms": round(percentile(times, 50), 2),
      "p95 ms": round(percentile(times, 95), 2),
      "max ms": round(Math.max(...times), 2),
    });
    return {
      name: "stream-high",
      title: "Time to first byte of a high rendition (premium, quality=high)",
      notes: [
        `The built API in production mode over the ${ingest.kind.toUpperCase()} ingest run's ${songs.length} songs (320 kbit/s renditions on local disk), a premium listener's session; new connection per request, one at a time.`,
        `First of each song: its first request after the server started. Then ${requests} more, alternating a whole file and 'Range: bytes=0-'. A guest's quality=high answered 403 (checked). Non-2xx: ${bad}.`,
      ],
      columns: ["requests", "n", "p50 ms", "p95 ms", "max ms"],
      rows: [row("first of each song", cold), row("again", warm)],
      budgets: [],
    };
  } finally {
    await api.stop();
  }
}

export async function workDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "pb-bench-media-"));
}

// Fills a PostgreSQL database with a large, realistic PurpleBeats data set, fast:
//   pnpm --filter @purplebeats/bench generate -- --songs 1000000 --users 100000 [--db NAME] [--force]
// The schema comes from the project's migrations; rows are streamed with COPY FROM STDIN (no FK
// triggers, secondary indexes dropped during the load and rebuilt after), then VACUUM ANALYZE.
// A marker table (bench_dataset) records the sizes, so the bench skips generation when they match.
import "reflect-metadata";
import { pathToFileURL } from "node:url";
import { readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openDatabase } from "@purplebeats/db";
import {
  argValue,
  BENCH_ADMIN_UID,
  benchDatabaseName,
  databaseUrl,
  FULL,
  GENERATOR_VERSION,
  REPO_ROOT,
  SERVER_URL,
  type Sizes,
} from "./config.js";
import { Random, Zipf, hash32, stableUuid } from "./data/random.js";
import {
  ADJECTIVES,
  FIRST_NAMES,
  GENRES,
  GERUNDS,
  LAST_NAMES,
  NOUNS,
  PRONOUNS,
  VERBS,
  VERSIONS,
  capitalize,
  inventWords,
  titleCase,
} from "./data/words.js";

const DAY = 24 * 3600 * 1000;
/** Generated content starts after the seed catalog's epoch, so the system playlists stay first. */
const CONTENT_START = Date.parse("2025-11-21T00:00:00Z");

export interface GenerateOptions extends Sizes {
  database?: string;
  /** Generate again even when the marker says the data is there. */
  force?: boolean;
  log?: (line: string) => void;
}

export interface GenerateReport extends Sizes {
  database: string;
  url: string;
  skipped: boolean;
  seconds: number;
  rows: Record<string, number>;
}

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The data set's marker, or null when the database or the marker is missing. */
export async function readMarker(
  name: string,
): Promise<(Sizes & { version: number; seconds: number }) | null> {
  const exists = await withClient(SERVER_URL, (c) =>
    c.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]).then((r) => r.rowCount === 1),
  );
  if (!exists) return null;
  return withClient(databaseUrl(name), async (c) => {
    const table = await c.query(`SELECT to_regclass('public.bench_dataset') AS t`);
    if (!table.rows[0].t) return null;
    const r = await c.query(`SELECT songs, users, version, seconds FROM bench_dataset LIMIT 1`);
    return r.rows[0] ?? null;
  });
}

// ---------------------------------------------------------------------------------------------
// Text

class Words {
  readonly invented: string[];
  private readonly nounZ = new Zipf(NOUNS.length, 0.8);
  private readonly adjZ = new Zipf(ADJECTIVES.length, 0.9);
  private readonly gerundZ = new Zipf(GERUNDS.length, 0.8);
  private readonly verbZ = new Zipf(VERBS.length, 0.9);
  private readonly inventedZ: Zipf;
  constructor(
    readonly random: Random,
    inventedCount: number,
  ) {
    this.invented = inventWords(inventedCount, 7);
    this.inventedZ = new Zipf(inventedCount, 0.5);
  }
  noun = () => NOUNS[this.nounZ.sample(this.random)]!;
  adj = () => ADJECTIVES[this.adjZ.sample(this.random)]!;
  gerund = () => GERUNDS[this.gerundZ.sample(this.random)]!;
  verb = () => VERBS[this.verbZ.sample(this.random)]!;
  made = () => this.invented[this.inventedZ.sample(this.random)]!;
  plural = (w: string) =>
    /(s|x|sh|ch)$/.test(w) ? `${w}es` : w.endsWith("y") ? `${w.slice(0, -1)}ies` : `${w}s`;

  /** A song or album title: common patterns of real titles, a quarter of them with a rare word. */
  title(): string {
    const r = this.random.next();
    let t: string;
    if (r < 0.12) t = this.noun();
    else if (r < 0.32) t = `${this.adj()} ${this.noun()}`;
    else if (r < 0.4) t = `${this.noun()} of the ${this.noun()}`;
    else if (r < 0.46) t = `${this.gerund()} in the ${this.noun()}`;
    else if (r < 0.54) t = `${this.random.pick(PRONOUNS)} ${this.verb()} the ${this.noun()}`;
    else if (r < 0.58) t = `the ${this.noun()}`;
    else if (r < 0.66) t = `${this.noun()} ${this.noun()}`;
    else if (r < 0.72)
      t = `${this.verb()} me ${this.random.pick(["tonight", "now", "again", "slowly", "home"])}`;
    else if (r < 0.8) t = `${this.made()} ${this.noun()}`;
    else if (r < 0.87) t = `${this.adj()} ${this.made()}`;
    else if (r < 0.93) t = this.made();
    else t = `${this.noun()} of ${this.made()}`;
    t = titleCase(t);
    const v = this.random.next();
    if (v < 0.05) t += ` (${this.random.pick(VERSIONS)})`;
    else if (v < 0.07) t += " - Live";
    return t;
  }

  artistName(): string {
    const r = this.random.next();
    if (r < 0.3)
      return `${capitalize(this.random.pick(FIRST_NAMES))} ${capitalize(this.random.pick(LAST_NAMES))}`;
    if (r < 0.45) return titleCase(`the ${this.adj()} ${this.plural(this.noun())}`);
    if (r < 0.6) return capitalize(this.made());
    if (r < 0.72) return titleCase(`${this.adj()} ${this.noun()}`);
    if (r < 0.8) return `DJ ${capitalize(this.made())}`;
    if (r < 0.9) return titleCase(`${this.made()} ${this.noun()}`);
    return `${capitalize(this.random.pick(FIRST_NAMES))} & the ${titleCase(this.plural(this.noun()))}`;
  }

  playlistName(n: number): string {
    const r = this.random.next();
    if (r < 0.2) return `My Playlist #${1 + (n % 40)}`;
    if (r < 0.4) return titleCase(`${this.noun()} vibes`);
    if (r < 0.55) return titleCase(`${this.adj()} ${this.noun()} mix`);
    if (r < 0.7)
      return `${this.random.pick(GENRES)} ${this.random.pick(["Favourites", "Essentials", "Workout", "Chill", "Party"])}`;
    return this.title();
  }
}

// ---------------------------------------------------------------------------------------------
// COPY

type Cell = string | number | boolean | null;
const cell = (v: Cell) =>
  v === null ? "\\N" : typeof v === "string" ? v.replace(/[\\\t\n\r]/g, " ") : String(v);

async function copyRows(client: pg.Client, table: string, columns: string[], rows: () => Iterable<Cell[]>) {
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN`));
  let count = 0;
  function* chunks() {
    let buf: string[] = [];
    for (const row of rows()) {
      buf.push(row.map(cell).join("\t"));
      count++;
      if (buf.length === 2000) {
        yield buf.join("\n") + "\n";
        buf = [];
      }
    }
    if (buf.length) yield buf.join("\n") + "\n";
  }
  await pipeline(Readable.from(chunks()), stream);
  return count;
}

const iso = (ms: number) => new Date(ms).toISOString();

function seedMedia(dir: string, ext: string, fallback: string[]): string[] {
  try {
    const files = readdirSync(dir).filter((f) => f.endsWith(ext));
    if (files.length) return files.sort();
  } catch {
    // no media yet: the seed writes it when the server first starts
  }
  return fallback;
}

// ---------------------------------------------------------------------------------------------

export async function generate(options: GenerateOptions): Promise<GenerateReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sizes: Sizes = { songs: options.songs, users: options.users };
  const name = options.database ?? benchDatabaseName(sizes);
  const url = databaseUrl(name);
  const started = performance.now();

  const marker = options.force ? null : await readMarker(name);
  if (
    marker &&
    marker.songs === sizes.songs &&
    marker.users === sizes.users &&
    marker.version === GENERATOR_VERSION
  ) {
    log(
      `${name}: already holds ${sizes.songs} songs and ${sizes.users} users (generated in ${marker.seconds.toFixed(0)} s); skipping`,
    );
    // Migrations added since then (new indexes) still apply.
    const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
    const applied = await db.dataSource.runMigrations({ transaction: "each" });
    await db.close();
    if (applied.length) log(`${name}: applied ${applied.map((m) => m.name).join(", ")}`);
    return { ...sizes, database: name, url, skipped: true, seconds: 0, rows: {} };
  }

  await withClient(SERVER_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  log(`${name}: created; running migrations`);
  const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await db.dataSource.runMigrations({ transaction: "each" });
  await db.close();

  const rows: Record<string, number> = {};
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Bulk-load settings for this session only: no FK triggers (the generator keeps references valid).
  await client.query(`SET session_replication_role = replica`);
  await client.query(`SET synchronous_commit = off`);

  // Secondary indexes are rebuilt after the load: far faster than maintaining them row by row.
  const indexes = (
    await client.query<{ name: string; def: string; table: string }>(
      `SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS def, tc.relname AS table
       FROM pg_index i
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_class tc ON tc.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = tc.relnamespace
       WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    )
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
  // So are primary keys, unique constraints and foreign keys (random UUID keys make row-by-row
  // maintenance of their btrees the slowest part of a load); they are added back, and checked, after.
  const constraints = (
    await client.query<{ table: string; name: string; type: string; def: string }>(
      `SELECT conrelid::regclass::text AS table, conname AS name, contype AS type, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype IN ('p', 'u', 'f')
       ORDER BY contype`,
    )
  ).rows;
  for (const c of constraints) await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT "${c.name}"`);

  const random = new Random(20260101);
  const words = new Words(random, Math.max(2000, Math.round(sizes.songs / 25)));
  const now = Date.now();
  const audio = seedMedia(path.join(REPO_ROOT, "data", "media", "audio"), ".mp3", ["marmalade-skyline.mp3"]);
  const covers = seedMedia(path.join(REPO_ROOT, "data", "media", "covers"), ".webp", [
    "sugarglass-summer.webp",
  ]);
  const timed = async (label: string, run: () => Promise<number>) => {
    const t = performance.now();
    const n = await run();
    rows[label] = n;
    log(
      `  ${label.padEnd(16)} ${String(n).padStart(9)} rows  ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  };

  // --- users, profiles, memberships, payments -------------------------------------------------
  const userCount = sizes.users;
  const userIds: string[] = new Array(userCount);
  const userCreated = new Float64Array(userCount);
  const isPi = new Uint8Array(userCount);
  for (let i = 0; i < userCount; i++) {
    const pi = i === 0 || random.chance(0.6);
    isPi[i] = pi ? 1 : 0;
    userIds[i] = i === 0 ? BENCH_ADMIN_UID : pi ? stableUuid(1, i) : `guest-${stableUuid(2, i)}`;
    // Growth: more sign-ups lately; a few today.
    const age = i < userCount * 0.002 ? random.next() * 0.9 * DAY : Math.pow(random.next(), 1.6) * 730 * DAY;
    userCreated[i] = now - age;
  }
  const firstName = (i: number) => capitalize(FIRST_NAMES[hash32(i) % FIRST_NAMES.length]!);
  const lastName = (i: number) => capitalize(LAST_NAMES[hash32(i + 7) % LAST_NAMES.length]!);

  await timed("users", () =>
    copyRows(
      client,
      "users",
      ["id", "username", "kind", "is_admin", "wallet_address", "created_at", "last_seen_at"],
      function* () {
        for (let i = 0; i < userCount; i++) {
          const pi = isPi[i] === 1;
          yield [
            userIds[i]!,
            pi ? `${firstName(i).toLowerCase()}_${lastName(i).toLowerCase()}${i % 1000}` : "Guest",
            pi ? "pi" : "guest",
            i === 0,
            pi && hash32(i) % 3 === 0 ? `G${stableUuid(3, i).replace(/-/g, "").toUpperCase()}` : null,
            iso(userCreated[i]!),
            iso(Math.min(now, userCreated[i]! + random.next() * 60 * DAY)),
          ];
        }
      },
    ),
  );
  await timed("profiles", () =>
    copyRows(
      client,
      "profiles",
      ["user_id", "name", "nickname", "image_url", "created_at", "updated_at"],
      function* () {
        for (let i = 0; i < userCount; i++) {
          const created = iso(userCreated[i]!);
          const pi = isPi[i] === 1;
          yield [
            userIds[i]!,
            pi ? `${firstName(i)} ${lastName(i)}` : "Guest",
            pi && i % 4 === 0 ? firstName(i).toLowerCase() : null,
            pi && i % 5 === 0 ? `/objects/avatars/${stableUuid(4, i)}.webp` : null,
            created,
            created,
          ];
        }
      },
    ),
  );

  // About a fifth of Pi users have bought premium at some point; most of those are still active.
  interface Member {
    user: number;
    payments: number;
    expires: number;
  }
  const members: Member[] = [];
  for (let i = 0; i < userCount; i++) {
    if (isPi[i] !== 1 || !random.chance(0.2)) continue;
    const payments = random.int(1, 8);
    const active = random.chance(0.65);
    const expires = active ? now + random.next() * 30 * DAY : now - random.next() * 200 * DAY;
    members.push({ user: i, payments, expires });
  }
  const paymentId = (m: number, k: number) => `pay_${stableUuid(5, m * 16 + k).replace(/-/g, "")}`;
  const txid = (m: number, k: number) =>
    stableUuid(6, m * 16 + k).replace(/-/g, "") + stableUuid(7, m * 16 + k).replace(/-/g, "");
  await timed("memberships", () =>
    copyRows(
      client,
      "memberships",
      [
        "user_id",
        "is_premium",
        "expires_at",
        "payment_id",
        "txid",
        "pi_wallet_id",
        "amount",
        "created_at",
        "updated_at",
      ],
      function* () {
        for (let m = 0; m < members.length; m++) {
          const member = members[m]!;
          const last = member.payments - 1;
          const created = iso(
            Math.max(userCreated[member.user]!, member.expires - member.payments * 30 * DAY),
          );
          yield [
            userIds[member.user]!,
            true,
            iso(member.expires),
            paymentId(m, last),
            txid(m, last),
            `wallet-${m}`,
            "3.14",
            created,
            iso(Math.min(now, member.expires - 30 * DAY)),
          ];
        }
      },
    ),
  );
  await timed("pi_payments", () =>
    copyRows(
      client,
      "pi_payments",
      ["payment_id", "user_id", "amount", "status", "txid", "metadata", "created_at", "updated_at"],
      function* () {
        for (let m = 0; m < members.length; m++) {
          const member = members[m]!;
          for (let k = 0; k < member.payments; k++) {
            const at = iso(Math.min(now, member.expires - (member.payments - k) * 30 * DAY));
            yield [
              paymentId(m, k),
              userIds[member.user]!,
              "3.14",
              "completed",
              txid(m, k),
              `{"productId":"premium_membership"}`,
              at,
              at,
            ];
          }
          // Now and then a payment the listener walked away from.
          if (m % 9 === 0) {
            const at = iso(now - (m % 300) * DAY);
            yield [paymentId(m, 15), userIds[member.user]!, "3.14", "cancelled", null, null, at, at];
          }
        }
      },
    ),
  );

  // --- artists, albums, songs -------------------------------------------------------------------
  const songCount = sizes.songs;
  const artistCount = Math.max(20, Math.round(songCount / 20));
  const artistGenre = new Uint8Array(artistCount);
  await timed("artists", () =>
    copyRows(client, "artists", ["id", "name", "image_url", "bio", "created_at"], function* () {
      for (let a = 0; a < artistCount; a++) {
        artistGenre[a] = random.int(0, GENRES.length - 1);
        const name = words.artistName();
        yield [
          stableUuid(10, a),
          name,
          a % 3 === 0 ? `/media/artists/${covers[a % covers.length]}` : null,
          a % 2 === 0 ? `${name} makes ${GENRES[artistGenre[a]!]!.toLowerCase()} records.` : null,
          iso(CONTENT_START - random.next() * 1500 * DAY),
        ];
      }
    }),
  );

  // Albums of 1 to 16 tracks by a Zipf-chosen artist (a few artists have many albums).
  const artistZ = new Zipf(artistCount, 0.7);
  const artistOrder = Int32Array.from({ length: artistCount }, (_, i) => i);
  for (let i = artistCount - 1; i > 0; i--) {
    const j = random.int(0, i);
    [artistOrder[i], artistOrder[j]] = [artistOrder[j]!, artistOrder[i]!];
  }
  const albumArtist: number[] = [];
  const albumTracks: number[] = [];
  const albumCreated: number[] = [];
  for (let assigned = 0; assigned < songCount;) {
    const tracks = Math.min(songCount - assigned, random.chance(0.35) ? 1 : random.int(4, 16));
    albumArtist.push(artistOrder[artistZ.sample(random)]!);
    albumTracks.push(tracks);
    // Newer releases are more numerous; the newest are days old.
    albumCreated.push(now - 2 * DAY - Math.pow(random.next(), 1.5) * 5 * 365 * DAY);
    assigned += tracks;
  }
  const albumCount = albumArtist.length;
  await timed("albums", () =>
    copyRows(
      client,
      "albums",
      ["id", "title", "artist_id", "image_url", "release_date", "genre", "created_at"],
      function* () {
        for (let al = 0; al < albumCount; al++) {
          const created = albumCreated[al]!;
          yield [
            stableUuid(11, al),
            albumTracks[al] === 1 ? words.title() : words.title(),
            stableUuid(10, albumArtist[al]!),
            `/media/covers/${covers[al % covers.length]}`,
            iso(created).slice(0, 10),
            GENRES[artistGenre[albumArtist[al]!]!]!,
            iso(created),
          ];
        }
      },
    ),
  );

  // Play counts: heavy-tailed (most songs are rarely played, a few millions of times).
  const playCounts = new Int32Array(songCount);
  await timed("songs", () =>
    copyRows(
      client,
      "songs",
      [
        "id",
        "title",
        "artist_id",
        "album_id",
        "duration",
        "audio_url",
        "image_url",
        "genre",
        "track_number",
        "play_count",
        "last_played",
        "created_at",
      ],
      function* () {
        let s = 0;
        for (let al = 0; al < albumCount; al++) {
          const artist = albumArtist[al]!;
          for (let track = 1; track <= albumTracks[al]!; track++, s++) {
            const plays = Math.floor(Math.exp(Math.pow(random.next(), 5) * Math.log(3_000_000))) - 1;
            playCounts[s] = plays;
            const genre = random.chance(0.9) ? artistGenre[artist]! : random.int(0, GENRES.length - 1);
            yield [
              stableUuid(12, s),
              words.title(),
              stableUuid(10, artist),
              stableUuid(11, al),
              random.int(95, 380),
              `/media/audio/${audio[hash32(s) % audio.length]}`,
              null,
              GENRES[genre]!,
              track,
              plays,
              plays > 0 ? iso(now - Math.pow(random.next(), 2) * 90 * DAY) : null,
              iso(albumCreated[al]! + track * 1000),
            ];
          }
        }
      },
    ),
  );

  // Songs people pick: 80 % from the most played tenth, the rest from anywhere.
  const popular = Int32Array.from(
    [...playCounts.keys()]
      .sort((a, b) => playCounts[b]! - playCounts[a]!)
      .slice(0, Math.max(10, Math.round(songCount / 10))),
  );
  const popularZ = new Zipf(popular.length, 0.6);
  const pickSong = () =>
    random.chance(0.8) ? popular[popularZ.sample(random)]! : random.int(0, songCount - 1);
  const userZ = new Zipf(userCount, 0.4);

  // --- playlists and their songs ---------------------------------------------------------------
  const playlistCount = Math.round(userCount * 1.5);
  const playlistOwner = new Int32Array(playlistCount);
  const playlistSize = new Uint8Array(playlistCount);
  const playlistCreated = new Float64Array(playlistCount);
  for (let p = 0; p < playlistCount; p++) {
    const owner = userZ.sample(random);
    playlistOwner[p] = owner;
    playlistSize[p] = random.chance(0.1)
      ? 0
      : Math.min(200, Math.round(-Math.log(1 - random.next()) * 25) + 1);
    const from = Math.max(CONTENT_START, userCreated[owner]!);
    playlistCreated[p] = from + random.next() * Math.max(DAY, now - from);
  }
  const playlistId = (p: number) => stableUuid(13, p);
  await timed("playlists", () =>
    copyRows(
      client,
      "playlists",
      ["id", "name", "description", "image_url", "is_public", "song_count", "created_by", "created_at"],
      function* () {
        for (let p = 0; p < playlistCount; p++) {
          yield [
            playlistId(p),
            words.playlistName(p),
            p % 4 === 0 ? "Songs I keep coming back to." : null,
            p % 6 === 0 ? `/objects/covers/${stableUuid(14, p)}.webp` : null,
            p % 3 === 0,
            playlistSize[p]!,
            userIds[playlistOwner[p]!]!,
            iso(playlistCreated[p]!),
          ];
        }
      },
    ),
  );
  await timed("playlist_songs", () =>
    copyRows(client, "playlist_songs", ["playlist_id", "song_id", "position", "added_at"], function* () {
      const inList = new Set<number>();
      for (let p = 0; p < playlistCount; p++) {
        inList.clear();
        const id = playlistId(p);
        for (let position = 1; position <= playlistSize[p]!;) {
          const song = pickSong();
          if (inList.has(song)) continue;
          inList.add(song);
          yield [id, stableUuid(12, song), position, iso(playlistCreated[p]! + position * 60_000)];
          position++;
        }
      }
    }),
  );

  // --- plays and likes ---------------------------------------------------------------------------
  const historyCount = userCount * 20;
  await timed("play_history", () =>
    copyRows(client, "play_history", ["user_id", "song_id", "played_at"], function* () {
      for (let h = 0; h < historyCount; h++) {
        const user = userZ.sample(random);
        const from = userCreated[user]!;
        yield [userIds[user]!, stableUuid(12, pickSong()), iso(from + random.next() * (now - from))];
      }
    }),
  );
  await timed("liked_songs", () =>
    copyRows(client, "liked_songs", ["user_id", "song_id", "liked_at"], function* () {
      const liked = new Set<number>();
      for (const member of members) {
        liked.clear();
        const count = random.int(0, 40);
        while (liked.size < count) {
          const song = pickSong();
          if (liked.has(song)) continue;
          liked.add(song);
          yield [userIds[member.user]!, stableUuid(12, song), iso(now - random.next() * 200 * DAY)];
        }
      }
    }),
  );
  await client.end();

  // --- indexes (two at a time: one per core), then statistics ----------------------------------
  const t = performance.now();
  const keys = constraints.filter((c) => c.type !== "f");
  const queue = [
    ...keys.map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.def}`),
    ...[...indexes]
      .sort((a, b) => Number(b.def.includes("gin")) - Number(a.def.includes("gin")))
      .map((i) => i.def),
  ];
  const worker = async (jobs: string[]) => {
    await withClient(url, async (c) => {
      await c.query(`SET maintenance_work_mem = '512MB'`);
      await c.query(`SET max_parallel_maintenance_workers = 0`);
      for (let next = jobs.shift(); next; next = jobs.shift()) await c.query(next);
    });
  };
  await Promise.all([worker(queue), worker(queue)]);
  // Foreign keys last: each is checked against the whole table once (a join, not a lookup per row).
  const foreign = constraints
    .filter((c) => c.type === "f")
    .map((c) => `ALTER TABLE ${c.table} ADD CONSTRAINT "${c.name}" ${c.def}`);
  await Promise.all([worker(foreign), worker(foreign)]);
  log(
    `  keys and indexes ${String(indexes.length + constraints.length).padStart(9)}       ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const v = performance.now();
  await withClient(url, async (c) => {
    // The typo dictionary (search_terms) from the loaded songs: the load ran without its triggers.
    if ((await c.query(`SELECT to_regproc('public.search_terms_rebuild') AS f`)).rows[0].f) {
      await c.query(`SELECT search_terms_rebuild()`);
    }
    await c.query(`VACUUM (ANALYZE)`);
    const seconds = (performance.now() - started) / 1000;
    await c.query(
      `CREATE TABLE bench_dataset (songs int NOT NULL, users int NOT NULL, version int NOT NULL,
        seconds float8 NOT NULL, rows jsonb NOT NULL, generated_at timestamptz NOT NULL DEFAULT now())`,
    );
    await c.query(
      `INSERT INTO bench_dataset (songs, users, version, seconds, rows) VALUES ($1, $2, $3, $4, $5)`,
      [sizes.songs, sizes.users, GENERATOR_VERSION, seconds, JSON.stringify(rows)],
    );
  });
  log(`  vacuum analyze                  ${((performance.now() - v) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  log(`${name}: ${total.toLocaleString("en-US")} rows generated in ${seconds.toFixed(1)} s`);
  return { ...sizes, database: name, url, skipped: false, seconds, rows };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const songs = Number(argValue(args, "--songs") ?? FULL.songs);
  const users = Number(argValue(args, "--users") ?? FULL.users);
  if (!Number.isInteger(songs) || songs < 100 || !Number.isInteger(users) || users < 10) {
    console.error("Usage: generate [--songs N>=100] [--users N>=10] [--db NAME] [--force]");
    process.exit(2);
  }
  await generate({ songs, users, database: argValue(args, "--db"), force: args.includes("--force") });
}

// Idempotent writes of the catalog: every row is keyed by its stable id and only rewritten when a
// catalog-owned column differs, so a second seed changes nothing and listeners' play counts survive.
import type { EntityManager } from "typeorm";
import { SYSTEM_USER_ID } from "@purplebeats/db";
import { stableUuid } from "./ids.js";
import { must } from "./must.js";
import type { Catalog } from "./catalog-model.js";

type Row = unknown[];

/**
 * INSERT ... ON CONFLICT (key) DO UPDATE SET <columns> WHERE <something changed>.
 * `update` lists the columns the catalog owns; any other column (play_count, last_played) is kept.
 */
async function upsert(
  manager: EntityManager,
  table: string,
  columns: string[],
  conflict: string[],
  update: string[],
  rows: Row[],
): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const values = rows.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(", ")})`).join(", ");
  const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(", ");
  const set = update.map((name) => `"${name}" = EXCLUDED."${name}"`).join(", ");
  const changed = `(${update.map((name) => `"${table}"."${name}"`).join(", ")}) IS DISTINCT FROM (${update.map((name) => `EXCLUDED."${name}"`).join(", ")})`;
  await manager.query(
    `INSERT INTO "${table}" (${quoted(columns)}) VALUES ${values} ON CONFLICT (${quoted(conflict)}) DO UPDATE SET ${set} WHERE ${changed}`,
    params,
  );
}

export async function upsertArtists(manager: EntityManager, catalog: Catalog): Promise<void> {
  const columns = ["id", "name", "image_url", "bio", "created_at"];
  const rows = catalog.artists.map((a) => [a.id, a.name, a.imageUrl, a.bio, a.createdAt]);
  await upsert(manager, "artists", columns, ["id"], columns.slice(1), rows);
}

export async function upsertAlbums(manager: EntityManager, catalog: Catalog): Promise<void> {
  const columns = ["id", "title", "artist_id", "image_url", "release_date", "genre", "created_at"];
  const rows = catalog.albums.map((a) => [
    a.id,
    a.title,
    a.artistId,
    a.imageUrl,
    a.releaseDate,
    a.genre,
    a.createdAt,
  ]);
  await upsert(manager, "albums", columns, ["id"], columns.slice(1), rows);
}

export async function upsertSongs(
  manager: EntityManager,
  catalog: Catalog,
  durations: Map<string, number>,
): Promise<void> {
  const columns = [
    "id",
    "title",
    "artist_id",
    "album_id",
    "duration",
    "audio_url",
    "image_url",
    "genre",
    "track_number",
    "created_at",
  ];
  const rows = catalog.songs.map((s) => {
    const duration = durations.get(s.slug);
    if (duration === undefined) throw new Error(`No audio duration for ${s.slug}`);
    return [
      s.id,
      s.title,
      s.artistId,
      s.albumId,
      duration,
      s.audioUrl,
      s.imageUrl,
      s.genre,
      s.trackNumber,
      s.createdAt,
    ];
  });
  await upsert(manager, "songs", columns, ["id"], columns.slice(1), rows);
}

export async function upsertPlaylists(manager: EntityManager, catalog: Catalog): Promise<void> {
  // Editorial playlists an admin changed or deleted are the admin's now: the seed leaves them alone.
  const curated = new Set(
    (
      (await manager.query(
        `SELECT id FROM "playlists" WHERE "curated_at" IS NOT NULL UNION SELECT id FROM "retired_system_playlists"`,
      )) as Array<{ id: string }>
    ).map((row) => row.id),
  );
  const playlists = catalog.playlists.filter((p) => !curated.has(p.id));
  const columns = [
    "id",
    "name",
    "description",
    "image_url",
    "is_public",
    "song_count",
    "created_by",
    "created_at",
  ];
  const rows = playlists.map((p) => [
    p.id,
    p.name,
    p.description,
    p.imageUrl,
    true,
    p.songSlugs.length,
    SYSTEM_USER_ID,
    p.createdAt,
  ]);
  await upsert(manager, "playlists", columns, ["id"], columns.slice(1), rows);

  const songIds = new Map(catalog.songs.map((s) => [s.slug, s.id]));
  const entries = playlists.flatMap((p) =>
    p.songSlugs.map((slug, index) => [
      stableUuid(`playlist-song:${p.id}:${index + 1}`),
      p.id,
      must(songIds.get(slug), "a playlist lists songs of the catalog"),
      index + 1,
      p.createdAt,
    ]),
  );
  await upsert(
    manager,
    "playlist_songs",
    ["id", "playlist_id", "song_id", "position", "added_at"],
    ["playlist_id", "position"],
    ["song_id"],
    entries,
  );
  // A playlist that got shorter in the catalog loses its old tail.
  for (const playlist of playlists) {
    await manager.query(`DELETE FROM "playlist_songs" WHERE "playlist_id" = $1 AND "position" > $2`, [
      playlist.id,
      playlist.songSlugs.length,
    ]);
  }
}

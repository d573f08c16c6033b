import type { PlaylistDto } from "@purplebeats/contracts";
import { SYSTEM_USER_ID } from "@purplebeats/db";
import type { PlaylistSongsTable, PlaylistsTable } from "@purplebeats/db/schema-types";
import { sql, type Selectable } from "kysely";
import { SHOWN_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "./song-rows.js";
import { builder, runOne, runPrepared, type Queryable } from "./sql.js";
import type { PreparedQuery } from "./prepared-query.js";

/** The name a playlist's owner shows (their profile's; PurpleBeats for the editorial ones), as owner_name. */
export const ownerNameColumn = (createdBy: string) =>
  `CASE WHEN ${createdBy} = '${SYSTEM_USER_ID}' THEN 'PurpleBeats'
        ELSE coalesce((SELECT pr.name FROM profiles pr WHERE pr.user_id = ${createdBy}), 'A listener') END AS owner_name`;

/** The owner's handle, for a link to their profile (null for the editorial ones), as owner_handle. */
export const ownerHandleColumn = (createdBy: string) =>
  `(SELECT pr.handle FROM profiles pr WHERE pr.user_id = ${createdBy}) AS owner_handle`;

export const PLAYLIST_COLUMNS = `p.id, p.name, p.description, p.image_url, p.is_public, p.song_count, p.created_by, p.created_at, ${ownerNameColumn("p.created_by")}, ${ownerHandleColumn("p.created_by")}`;

/** created_by is read to decide who may see and edit it; never sent (toPlaylistDto). */
export type PlaylistRow = Pick<
  Selectable<PlaylistsTable>,
  "id" | "name" | "description" | "image_url" | "is_public" | "song_count" | "created_by" | "created_at"
> & {
  owner_name: string;
  /** Absent where a statement reads no handle (search suggestions name the owner only). */
  owner_handle?: string | null;
};

/** A playlist as PLAYLIST_COLUMNS reads it, with its revision (what the detail cache is keyed on). */
export type PlaylistHeadRow = PlaylistRow & Pick<Selectable<PlaylistsTable>, "revision">;

/** One playlist by id, or undefined. */
export const playlistRow = (db: Queryable, id: string) =>
  runOne(
    db,
    sql<PlaylistRow>`SELECT ${sql.raw(PLAYLIST_COLUMNS)} FROM playlists p WHERE p.id = ${id}`.compile(
      builder,
    ),
  );

/** Many playlists by id, each with its revision: one prepared statement for a batch of lookups. */
export const playlistHeads = (prepared: PreparedQuery, ids: readonly string[]) =>
  runPrepared(
    prepared,
    sql<PlaylistHeadRow>`SELECT ${sql.raw(PLAYLIST_COLUMNS)}, p.revision FROM playlists p
      WHERE p.id = ANY(${ids}::text[])`.compile(builder),
  );

/** The playlist as anyone may see it: its owner by name, not by uid. */
export function toPlaylistDto(row: PlaylistRow): PlaylistDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    isPublic: row.is_public,
    songCount: Number(row.song_count),
    owner: { name: row.owner_name, handle: row.owner_handle ?? null },
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A playlist's first `limit` songs in order: the unique (playlist_id, position) index gives the order. */
export const playlistSongs = (prepared: PreparedQuery, playlistId: string, limit: number) =>
  runPrepared(
    prepared,
    sql<
      SongRow & Pick<Selectable<PlaylistSongsTable>, "position">
    >`SELECT ${sql.raw(SONG_COLUMNS)}, ps.position
      FROM playlist_songs ps JOIN songs s ON s.id = ps.song_id ${sql.raw(SONG_JOINS)}
      WHERE ps.playlist_id = ${playlistId} AND ${sql.raw(SHOWN_SONG)} ORDER BY ps.position LIMIT ${limit}`.compile(builder),
  );

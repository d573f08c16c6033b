// One SELECT shape for songs with their artist and album, and its mapping to the API's SongDto.
import { streamPath, type SongDto } from "@purplebeats/contracts";
import type { AlbumsTable, ArtistsTable, SongsTable } from "@purplebeats/db/schema-types";
import { sql, type Selectable } from "kysely";
import { must } from "./must.js";
import { builder, runOne, type Queryable } from "./sql.js";

export const SONG_COLUMNS = `
  s.id, s.title, s.duration, s.audio_url, s.image_url, s.genre, s.track_number, s.play_count,
  s.last_played, s.created_at, s.artist_id, s.album_id,
  a.name AS artist_name, a.image_url AS artist_image_url,
  al.title AS album_title, al.image_url AS album_image_url,
  s.loudness_lufs, s.true_peak_db, s.album_loudness_lufs, s.album_true_peak_db,
  (s.members_only OR COALESCE(al.members_only, false)) AS members_only, (s.hidden OR s.unavailable) AS unavailable`;

/**
 * The visible-song rule, for every answer that shows a listener songs (alias s): a song an admin took down
 * (`hidden`: a reported song's takedown, the dashboard's switch, a release not approved or taken down) is
 * shown nowhere, not even in a listener's own lists (Liked Songs, their playlists, history, top tracks, the
 * feed), and never plays (media.ts asks `isPlayableSong`). Its rows (likes, playlist entries, plays) stay, so an
 * admin's unhiding brings it back where it was.
 */
export const SHOWN_SONG = "NOT s.hidden";

/**
 * Songs that the catalog's lists, search and the artist and album pages show (alias s): shown, and their file
 * not gone. A song whose file has gone stays in listeners' own lists, flagged `unavailable` (a later scan
 * may find it again). idx_songs_popular holds exactly these.
 */
export const LISTED_SONG = `${SHOWN_SONG} AND NOT s.unavailable`;

/** Whether the song exists and is shown: a song taken down is played, liked and added to a playlist by no one. */
export const isShownSong = async (db: Queryable, songId: string) =>
  (await runOne(
    db,
    sql<{ id: string }>`SELECT s.id FROM songs s WHERE s.id = ${songId} AND ${sql.raw(SHOWN_SONG)}`.compile(
      builder,
    ),
  )) !== undefined;

/** LISTED_SONG for a row already read: whether its audio and words may go out (streams, downloads, lyrics). */
export const isPlayableSong = (row: { hidden: boolean; unavailable: boolean }) => !row.hidden && !row.unavailable;

export const SONG_JOINS = `
  LEFT JOIN artists a ON a.id = s.artist_id
  LEFT JOIN albums al ON al.id = s.album_id`;

export type SongRow = Pick<
  Selectable<SongsTable>,
  | "id"
  | "title"
  | "duration"
  | "audio_url"
  | "image_url"
  | "genre"
  | "track_number"
  | "play_count"
  | "last_played"
  | "created_at"
  | "artist_id"
  | "album_id"
> &
  Partial<
    Pick<
      Selectable<SongsTable>,
      | "loudness_lufs"
      | "true_peak_db"
      | "album_loudness_lufs"
      | "album_true_peak_db"
      | "members_only"
      | "unavailable"
    >
  > & {
    artist_name: Selectable<ArtistsTable>["name"] | null;
    artist_image_url: Selectable<ArtistsTable>["image_url"];
    album_title: Selectable<AlbumsTable>["title"] | null;
    album_image_url: Selectable<AlbumsTable>["image_url"];
  };

const numberOrNull = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toSongDto(row: SongRow): SongDto {
  return {
    id: row.id,
    title: row.title,
    duration: Number(row.duration),
    // Where a player gets the audio: the stream route, which applies the song's rules (session, hidden,
    // members only, quality). The stored path (a seed clip's file) never leaves the server.
    audioUrl: row.audio_url === null ? null : streamPath(row.id, "standard"),
    imageUrl: row.image_url ?? row.album_image_url,
    genre: row.genre,
    trackNumber: row.track_number,
    playCount: Number(row.play_count),
    lastPlayed: iso(row.last_played),
    createdAt: must(iso(row.created_at), "songs.created_at is NOT NULL"),
    artistId: row.artist_id,
    albumId: row.album_id,
    artist:
      row.artist_name === null
        ? null
        : { id: row.artist_id, name: row.artist_name, imageUrl: row.artist_image_url },
    album:
      row.album_id === null || row.album_title === null
        ? null
        : { id: row.album_id, title: row.album_title, imageUrl: row.album_image_url },
    loudness:
      row.loudness_lufs === null || row.loudness_lufs === undefined || row.true_peak_db == null
        ? null
        : {
            trackLufs: Number(row.loudness_lufs),
            trackPeakDb: Number(row.true_peak_db),
            albumLufs: numberOrNull(row.album_loudness_lufs),
            albumPeakDb: numberOrNull(row.album_true_peak_db),
          },
    membersOnly: row.members_only ?? false,
    unavailable: row.unavailable ?? false,
  };
}

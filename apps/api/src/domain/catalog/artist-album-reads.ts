// The artist and album pages' reads: an artist's most played songs, its albums and the albums
// of others it appears on, and an album with its tracks. Hidden and unavailable songs never appear, and
// an album none of whose songs a listener can see is not shown at all.
import type { DataSource } from "typeorm";
import type { AlbumDto, CatalogService, Page, PageInput, SongDto } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, toSongDto, type SongRow } from "../../data/song-rows.js";
import { selectRows } from "../../data/sql.js";

type Reads = Pick<
  CatalogService,
  "artistTopSongs" | "artistAlbums" | "artistAppearsOn" | "album" | "albumSongs"
>;

/**
 * An album with the count and total length of its listed songs. `sort_day` orders albums newest first:
 * the release date, else 1 January of its year, else the oldest possible day; as a day number, so that
 * it travels in a cursor as a whole number.
 */
const ALBUM_SELECT = `
  SELECT al.id, al.title, al.image_url, al.artist_id, ar.name AS artist_name, ar.image_url AS artist_image_url,
    COALESCE(al.year, EXTRACT(YEAR FROM al.release_date)::int) AS year,
    to_char(al.release_date, 'YYYY-MM-DD') AS release_date, al.compilation, al.members_only,
    t.song_count, t.duration,
    (COALESCE(al.release_date, CASE WHEN al.year BETWEEN 1 AND 9999 THEN make_date(al.year, 1, 1) END,
              DATE '0001-01-01') - DATE '0001-01-01') AS sort_day
  FROM albums al
  LEFT JOIN artists ar ON ar.id = al.artist_id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS song_count, COALESCE(sum(s.duration), 0)::int AS duration
    FROM songs s WHERE s.album_id = al.id AND ${LISTED_SONG}) t`;

/** An album with its artist, as search and these pages read it. */
export interface AlbumNameRow {
  id: string;
  title: string;
  image_url: string | null;
  artist_id: string | null;
  artist_name: string | null;
  artist_image_url: string | null;
}

interface AlbumRow extends AlbumNameRow {
  year: number | null;
  release_date: string | null;
  compilation: boolean;
  members_only: boolean;
  song_count: number;
  duration: number;
  sort_day: number;
}

function toAlbumDto(row: AlbumRow): AlbumDto {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    artist:
      row.artist_id === null || row.artist_name === null
        ? null
        : { id: row.artist_id, name: row.artist_name, imageUrl: row.artist_image_url },
    year: row.year === null ? null : Number(row.year),
    releaseDate: row.release_date,
    compilation: row.compilation,
    membersOnly: row.members_only,
    songCount: Number(row.song_count),
    duration: Number(row.duration),
  };
}

export function createArtistAlbumReads(db: DataSource): Reads {
  const q = <T>(sql: string, params: unknown[] = []) => selectRows<T>(db, sql, params);
  const artistExists = async (id: string) =>
    (await q(`SELECT 1 FROM artists WHERE id = $1`, [id])).length > 0;
  /** An album is shown while a listener can see one of its songs. */
  const albumShown = async (id: string) =>
    (await q(`SELECT 1 FROM songs s WHERE s.album_id = $1 AND ${LISTED_SONG} LIMIT 1`, [id])).length > 0;

  /** Albums matching `where` ($1 the artist), newest first, keyset-paged on (sort_day, id). */
  async function albumsNewestFirst(artistId: string, where: string, page: PageInput) {
    const after = decodeCursor(page.cursor, ["n", "u"] as const);
    const args: unknown[] = [artistId, page.limit + 1];
    let keyset = "";
    if (after) {
      args.push(after[0], after[1]);
      keyset = `AND (x.sort_day, x.id) < ($3, $4::uuid)`;
    }
    const [found, rows] = await Promise.all([
      artistExists(artistId),
      q<AlbumRow>(
        `SELECT * FROM (${ALBUM_SELECT} WHERE ${where}) x WHERE x.song_count > 0 ${keyset}
         ORDER BY x.sort_day DESC, x.id DESC LIMIT $2`,
        args,
      ),
    ]);
    if (!found) return null;
    return toPage(rows, page.limit, toAlbumDto, (r) => [Number(r.sort_day), r.id]);
  }

  return {
    async artistTopSongs(artistId, page): Promise<Page<SongDto> | null> {
      const after = decodeCursor(page.cursor, ["n", "n", "u"] as const);
      const args: unknown[] = [artistId, page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(...after);
        keyset = `AND (s.listener_count, s.play_count, s.id) < ($3, $4, $5::uuid)`;
      }
      // Distinct listeners first (one caller's repeats cannot lift a song), then counted plays: as trending.
      const [found, rows] = await Promise.all([
        artistExists(artistId),
        q<SongRow & { listener_count: number }>(
          `SELECT ${SONG_COLUMNS}, s.listener_count FROM songs s ${SONG_JOINS}
           WHERE s.artist_id = $1 AND ${LISTED_SONG} ${keyset}
           ORDER BY s.listener_count DESC, s.play_count DESC, s.id DESC LIMIT $2`,
          args,
        ),
      ]);
      if (!found) return null;
      return toPage(rows, page.limit, toSongDto, (r) => [
        Number(r.listener_count),
        Number(r.play_count),
        r.id,
      ]);
    },

    artistAlbums: (artistId, page) => albumsNewestFirst(artistId, "al.artist_id = $1", page),

    // Compilations and others' albums holding a listed song of the artist.
    artistAppearsOn: (artistId, page) =>
      albumsNewestFirst(
        artistId,
        `al.artist_id IS DISTINCT FROM $1
         AND EXISTS (SELECT 1 FROM songs s WHERE s.album_id = al.id AND s.artist_id = $1 AND ${LISTED_SONG})`,
        page,
      ),

    async album(id) {
      const [row] = await q<AlbumRow>(`${ALBUM_SELECT} WHERE al.id = $1`, [id]);
      return row && row.song_count > 0 ? toAlbumDto(row) : null;
    },

    async albumSongs(albumId, page) {
      // Offset-paged: an album's tracks are few, and disc and track numbers may be missing or repeat.
      const offset = decodeCursor(page.cursor, ["n"] as const)?.[0] ?? 0;
      const [found, rows] = await Promise.all([
        albumShown(albumId),
        q<SongRow>(
          `SELECT ${SONG_COLUMNS} FROM songs s ${SONG_JOINS} WHERE s.album_id = $1 AND ${LISTED_SONG}
           ORDER BY COALESCE(s.disc_number, 1), s.track_number NULLS LAST, s.title, s.id
           LIMIT $2 OFFSET $3`,
          [albumId, page.limit + 1, offset],
        ),
      ]);
      if (!found) return null;
      return toPage(rows, page.limit, toSongDto, () => [offset + page.limit]);
    },
  };
}

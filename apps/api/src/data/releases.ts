// What a new song releases: its album when it has one (one release however many songs arrive), or the
// song alone; with the artist whose followers hear of it.
import { sql } from "kysely";
import { builder, runOne, type Queryable } from "./sql.js";

export interface Release {
  /** Names the release for the notifications' dedupe key. */
  key: string;
  artistId: string;
  artistName: string;
  title: string;
  link: string;
}

export async function releaseOfSong(db: Queryable, songId: string): Promise<Release | undefined> {
  const row = await runOne(
    db,
    builder
      .selectFrom("songs as s")
      .leftJoin("albums as al", "al.id", "s.album_id")
      .innerJoin("artists as ar", (join) =>
        join.on(sql<boolean>`ar.id = coalesce(al.artist_id, s.artist_id)`),
      )
      .select([
        "s.id as song_id",
        "s.title as song_title",
        "al.id as album_id",
        "al.title as album_title",
        "ar.id as artist_id",
        "ar.name as artist_name",
      ])
      .where("s.id", "=", songId)
      .compile(),
  );
  if (!row) return undefined;
  return row.album_id
    ? {
        key: `album:${row.album_id}`,
        artistId: row.artist_id,
        artistName: row.artist_name,
        title: row.album_title ?? row.song_title,
        link: `/album/${row.album_id}`,
      }
    : {
        key: `song:${row.song_id}`,
        artistId: row.artist_id,
        artistName: row.artist_name,
        title: row.song_title,
        link: `/artist/${row.artist_id}`,
      };
}

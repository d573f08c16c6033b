// Search's reads of the catalog outside the ranking statement: a genre's most played songs and the popular
// pass's window of the most played titles (the genre names are the catalog's list, data/catalog-reads.ts).
import { sql } from "kysely";
import { LISTED_SONG, SONG_COLUMNS, SONG_JOINS, type SongRow } from "../song-rows.js";
import { builder, run, type Queryable } from "../sql.js";

/** The listed songs of a genre (folded by search_fold), most played first, at most `want`. */
export const mostPlayedOfGenre = (db: Queryable, foldedGenre: string, want: number) =>
  run(
    db,
    sql<SongRow>`SELECT ${sql.raw(SONG_COLUMNS)} FROM (SELECT s.id, s.play_count FROM songs s
        WHERE search_fold(s.genre) = ${foldedGenre} AND ${sql.raw(LISTED_SONG)}
        ORDER BY s.play_count DESC, s.id DESC LIMIT ${want}) g
      JOIN songs s ON s.id = g.id ${sql.raw(SONG_JOINS)} ORDER BY g.play_count DESC, g.id DESC`.compile(
      builder,
    ),
  );

/** The `size` most played listed songs' ids and titles, in play order (idx_songs_popular holds exactly these). */
export const mostPlayedTitles = (db: Queryable, size: number) =>
  run(
    db,
    sql<{ id: string; title: string }>`SELECT id, title FROM songs s WHERE ${sql.raw(LISTED_SONG)}
      ORDER BY play_count DESC, id DESC LIMIT ${size}`.compile(builder),
  );

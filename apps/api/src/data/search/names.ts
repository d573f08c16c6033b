// The suggestions' names statement (domain/search/name-search.ts ranks and cuts its rows into sections):
// playlists, artists and albums whose folded names hold the text, every section's stages in one statement.
import { escapeLike } from "../like-pattern.js";
import { ownerNameColumn, type PlaylistRow } from "../playlist-rows.js";
import { visiblePlaylistSql } from "../playlist-visibility.js";
import type { AlbumNameRow } from "../albums.js";
import { sql, type RawBuilder } from "kysely";
import { builder, run, type Queryable } from "../sql.js";
import { runBitmapQuery, type BitmapQuery } from "./bitmap-query.js";
import type { Fragment } from "./statements.js";

/** Names of a section ranked at most, per stage. */
const NAME_CANDIDATES = 200;
/** Names shorter than 3 characters (no trigram index can help) are matched among this many rows. */
const SHORT_NAME_WINDOW = 3000;
/** Albums of this many of the first artists found follow the albums whose titles match. */
export const ALBUM_ARTISTS = 3;
/** The stage of the matching artists' albums (after the title stages). */
const ARTISTS_ALBUMS_STAGE = 9;

export type Kind = "playlists" | "artists" | "albums";

/**
 * A table whose names search matches: its name column, the columns read (every section's the same
 * columns, so that one statement answers them all), which rows count, and the joins for the columns.
 */
interface NameSource {
  kind: Kind;
  table: Kind;
  name: "name" | "title";
  columns: string;
  where: string;
  joins: string;
}

/** Every section's row: playlists', artists' and albums' columns, each section's others null. */
const ROW = (c: {
  name: string;
  playlist?: string;
  album?: string;
}) => `x.id::text AS id, ${c.name} AS name, x.image_url,
  ${c.playlist ?? "NULL::text AS description, NULL::boolean AS is_public, NULL::int AS song_count, NULL::text AS created_by, NULL::timestamptz AS created_at, NULL::text AS owner_name"},
  ${c.album ?? "NULL::text AS artist_id, NULL::text AS artist_name, NULL::text AS artist_image_url"}`;

const ALBUMS: NameSource = {
  kind: "albums",
  table: "albums",
  name: "title",
  columns: ROW({
    name: "x.title",
    album: "x.artist_id::text AS artist_id, ar.name AS artist_name, ar.image_url AS artist_image_url",
  }),
  // An artist's release is found once approved: held for review, refused or taken down, it is not there.
  where: "NOT EXISTS (SELECT 1 FROM releases r WHERE r.album_id = x.id AND r.status <> 'approved') AND",
  joins: "LEFT JOIN artists ar ON ar.id = x.artist_id",
};

const SOURCES: NameSource[] = [
  {
    kind: "playlists",
    table: "playlists",
    name: "name",
    columns: ROW({
      name: "x.name",
      playlist: `x.description, x.is_public, x.song_count, x.created_by, x.created_at, ${ownerNameColumn("x.created_by")}`,
    }),
    // Suggestions are the same for everyone (cached): a guest's view.
    where: `${visiblePlaylistSql("x", null)} AND`,
    joins: "",
  },
  { kind: "artists", table: "artists", name: "name", columns: ROW({ name: "x.name" }), where: "", joins: "" },
  ALBUMS,
];

/** The sections, in the order their statements are read. */
export const NAME_KINDS: Kind[] = SOURCES.map((s) => s.kind);

export type NameRow = PlaylistRow &
  Omit<AlbumNameRow, "title"> & { kind: Kind; stage: number; pos: string | number; name: string };

/** Every section's stages for a text of 3+ characters (and its corrections), from the trigram indexes. */
export const namesByIndex = (
  withBitmaps: BitmapQuery,
  folded: string,
  corrections: string[],
  limit: number,
) => runBitmapQuery(withBitmaps, namesStatement(folded, corrections, limit).compile(builder));

/** One section's names holding a short text, among the first rows of its table (no index helps). */
export const shortNames = (db: Queryable, folded: string, limit: number, kind: Kind) =>
  run(db, namesStatement(folded, [], limit, [kind]).compile(builder));

/** The newest albums of these artists, at most `limit`, as the albums section's last stage. */
export const newestAlbums = (db: Queryable, artistIds: string[], limit: number) =>
  run(db, sql<NameRow>`${newestAlbumsOf(sql`${artistIds}::uuid[]`, limit)}`.compile(builder));

/** The statement answering every section's stages, its rows tagged with section, stage and place. */
function namesStatement(
  folded: string,
  corrections: string[],
  limit: number,
  kinds: Kind[] = NAME_KINDS,
): RawBuilder<NameRow> {
  const ctes: Fragment[] = [];
  const parts: Fragment[] = [];
  const stagesOf = new Map<Kind, Fragment[]>();
  for (const source of SOURCES.filter((s) => kinds.includes(s.kind))) {
    const name = sql.raw(`search_fold(x.${source.name})`);
    const where = sql.raw(source.where);
    const stages: Fragment[] = [];
    // A later stage is read only while the earlier ones left the section short.
    const gate = () => (stages.length === 0 ? sql`` : stillShort(stages, limit));
    const stage = (candidates: (gate: Fragment) => Fragment, value: string) => {
      const cte = sql.raw(`${source.kind}_${stages.length}`);
      // The candidates' folded names (x.folded) are folded once each, not once per ranking term.
      const rank = sql`(x.folded = ${value}) DESC, (x.folded LIKE ${`${escapeLike(value)}%`}) DESC,
        word_similarity(${value}, x.folded) DESC, x.id`;
      // Joined (an album's artist) only once ranked and cut to the limit: not for every candidate.
      ctes.push(
        sql`${cte} AS (SELECT ${sql.lit(source.kind)} AS kind, ${sql.lit(stages.length)} AS stage, x.pos,
             ${sql.raw(source.columns)}
           FROM (SELECT row_number() OVER (ORDER BY ${rank}) AS pos, x.* FROM (${candidates(gate())}) x
                 ORDER BY pos LIMIT ${limit}) x ${sql.raw(source.joins)})`,
      );
      stages.push(cte);
    };
    const holding = (value: string) => {
      // Under 3 characters trigrams cannot help: look among the first rows only.
      const from =
        value.length >= 3
          ? sql.raw(source.table)
          : sql`(SELECT * FROM ${sql.raw(source.table)} ORDER BY id LIMIT ${sql.lit(SHORT_NAME_WINDOW)})`;
      // Looked up by the whole text's trigrams, however long: by its longest word's only, 'love me like you
      // do' read 16,574 album titles holding 'love' (97 ms at a million songs) to find none; whole, 3 ms.
      return (gate: Fragment) =>
        sql`SELECT x.*, ${name} AS folded FROM ${from} x WHERE ${where} ${gate} ${name} LIKE ${`%${escapeLike(value)}%`}
          LIMIT ${sql.lit(NAME_CANDIDATES)}`;
    };
    stage(holding(folded), folded);
    for (const correction of corrections) stage(holding(correction), correction);
    if (corrections.length === 0 && folded.length >= 3 && folded.length <= 20) {
      stage(
        (gate) =>
          sql`SELECT x.*, ${name} AS folded FROM ${sql.raw(source.table)} x WHERE ${where} ${gate} ${folded} <% ${name}
            LIMIT ${sql.lit(NAME_CANDIDATES)}`,
        folded,
      );
    }
    stagesOf.set(source.kind, stages);
    parts.push(...stages.map((s) => sql`SELECT * FROM ${s}`));
  }
  const union = sql.join(parts, sql` UNION ALL `);
  // The newest albums of the first artists found, while the albums whose titles match leave the section short.
  const artistStages = stagesOf.get("artists");
  const albumStages = stagesOf.get("albums");
  if (!artistStages || !albumStages) return sql<NameRow>`WITH ${sql.join(ctes, sql`,\n`)}\n${union}`;
  const firstStages = sql.join(
    artistStages.map((s) => sql`SELECT id, stage, pos FROM ${s}`),
    sql` UNION ALL `,
  );
  ctes.push(
    sql`first_artists AS (SELECT id::uuid AS id FROM (SELECT id, min(stage * 1000 + pos) AS o FROM (${firstStages}) a
      GROUP BY id) a ORDER BY o LIMIT least(${sql.lit(ALBUM_ARTISTS)}, ${limit}))`,
    sql`albums_of_artists AS (${newestAlbumsOf(sql`ARRAY(SELECT id FROM first_artists)`, limit, stillShort(albumStages, limit))})`,
  );
  return sql<NameRow>`WITH ${sql.join(ctes, sql`,\n`)}\n${union} UNION ALL SELECT * FROM albums_of_artists
    ORDER BY kind, stage, pos`;
}

/** A condition (ending in AND) that holds while the stages `stages` found fewer than `limit` names. */
function stillShort(stages: Fragment[], limit: number): Fragment {
  const found = sql.join(
    stages.map((s) => sql`SELECT id FROM ${s}`),
    sql` UNION ALL `,
  );
  return sql`(SELECT count(DISTINCT id) FROM (${found}) f) < ${limit} AND`;
}

/**
 * The newest albums of the artists `artistIds` (an SQL array of uuids), at most `limit`, as the albums
 * section's last stage; `gate` (a condition ending in AND) decides whether they are read at all.
 */
function newestAlbumsOf(artistIds: Fragment, limit: number, gate: Fragment = sql``): Fragment {
  return sql`SELECT 'albums' AS kind, ${sql.lit(ARTISTS_ALBUMS_STAGE)} AS stage, x.pos, ${sql.raw(ALBUMS.columns)}
    FROM (SELECT row_number() OVER (ORDER BY x.release_date DESC NULLS LAST, x.id) AS pos, x.* FROM albums x
          WHERE ${gate} ${sql.raw(ALBUMS.where)} x.artist_id = ANY(${artistIds}) ORDER BY pos LIMIT ${limit}) x ${sql.raw(ALBUMS.joins)}`;
}

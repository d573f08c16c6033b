// The suggestions' names statement (domain/search/name-search.ts ranks and cuts its rows into sections):
// playlists, artists and albums whose folded names hold the text, every section's stages in one statement.
import { escapeLike } from "../like-pattern.js";
import { ownerNameColumn, type PlaylistRow } from "../playlist-rows.js";
import { visiblePlaylistSql } from "../playlist-visibility.js";
import type { AlbumNameRow } from "../albums.js";
import { selectRows, type Queryable } from "../sql.js";
import type { BitmapQuery } from "./bitmap-query.js";
import { Params } from "./statements.js";

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
  where: "",
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
export function namesByIndex(withBitmaps: BitmapQuery, folded: string, corrections: string[], limit: number) {
  const p = new Params();
  const sql = namesStatement(folded, corrections, limit, p);
  return withBitmaps<NameRow>(sql, p.values);
}

/** One section's names holding a short text, among the first rows of its table (no index helps). */
export function shortNames(db: Queryable, folded: string, limit: number, kind: Kind) {
  const p = new Params();
  return selectRows<NameRow>(db, namesStatement(folded, [], limit, p, [kind]), p.values);
}

/** The newest albums of these artists, at most `limit`, as the albums section's last stage. */
export function newestAlbums(db: Queryable, artistIds: string[], limit: number) {
  const p = new Params();
  return selectRows<NameRow>(db, newestAlbumsOf(`${p.add(artistIds)}::uuid[]`, p.add(limit)), p.values);
}

/** The statement answering every section's stages, its rows tagged with section, stage and place. */
function namesStatement(
  folded: string,
  corrections: string[],
  limit: number,
  p: Params,
  kinds: Kind[] = SOURCES.map((s) => s.kind),
): string {
  const $limit = p.add(limit);
  const ctes: string[] = [];
  const parts: string[] = [];
  const stagesOf = new Map<Kind, string[]>();
  for (const source of SOURCES.filter((s) => kinds.includes(s.kind))) {
    const name = `search_fold(x.${source.name})`;
    const stages: string[] = [];
    // A later stage is read only while the earlier ones left the section short.
    const gate = () => (stages.length === 0 ? "" : stillShort(stages, $limit));
    const stage = (candidates: (gate: string) => string, value: string) => {
      const cte = `${source.kind}_${stages.length}`;
      const v = p.add(value);
      // The candidates' folded names (x.folded) are folded once each, not once per ranking term.
      const rank = `(x.folded = ${v}) DESC, (x.folded LIKE ${p.add(`${escapeLike(value)}%`)}) DESC, word_similarity(${v}, x.folded) DESC, x.id`;
      // Joined (an album's artist) only once ranked and cut to the limit: not for every candidate.
      ctes.push(
        `${cte} AS (SELECT '${source.kind}' AS kind, ${stages.length} AS stage, x.pos, ${source.columns}
           FROM (SELECT row_number() OVER (ORDER BY ${rank}) AS pos, x.* FROM (${candidates(gate())}) x
                 ORDER BY pos LIMIT ${$limit}) x ${source.joins})`,
      );
      stages.push(cte);
    };
    const holding = (value: string) => {
      const contains = p.add(`%${escapeLike(value)}%`);
      // Under 3 characters trigrams cannot help: look among the first rows only.
      const from =
        value.length >= 3
          ? source.table
          : `(SELECT * FROM ${source.table} ORDER BY id LIMIT ${SHORT_NAME_WINDOW})`;
      // Looked up by the whole text's trigrams, however long: by its longest word's only, 'love me like you
      // do' read 16,574 album titles holding 'love' (97 ms at a million songs) to find none; whole, 3 ms.
      return (gate: string) =>
        `SELECT x.*, ${name} AS folded FROM ${from} x WHERE ${source.where} ${gate} ${name} LIKE ${contains} LIMIT ${NAME_CANDIDATES}`;
    };
    stage(holding(folded), folded);
    for (const correction of corrections) stage(holding(correction), correction);
    if (corrections.length === 0 && folded.length >= 3 && folded.length <= 20) {
      const v = p.add(folded);
      stage(
        (gate) =>
          `SELECT x.*, ${name} AS folded FROM ${source.table} x WHERE ${source.where} ${gate} ${v} <% ${name} LIMIT ${NAME_CANDIDATES}`,
        folded,
      );
    }
    stagesOf.set(source.kind, stages);
    parts.push(...stages.map((s) => `SELECT * FROM ${s}`));
  }
  // The newest albums of the first artists found, while the albums whose titles match leave the section short.
  const artistStages = stagesOf.get("artists");
  const albumStages = stagesOf.get("albums");
  if (!artistStages || !albumStages) return `WITH ${ctes.join(",\n")}\n${parts.join(" UNION ALL ")}`;
  ctes.push(
    `first_artists AS (SELECT id::uuid AS id FROM (SELECT id, min(stage * 1000 + pos) AS o FROM (${artistStages
      .map((s) => `SELECT id, stage, pos FROM ${s}`)
      .join(" UNION ALL ")}) a GROUP BY id) a ORDER BY o LIMIT least(${ALBUM_ARTISTS}, ${$limit}))`,
    `albums_of_artists AS (${newestAlbumsOf("ARRAY(SELECT id FROM first_artists)", $limit, stillShort(albumStages, $limit))})`,
  );
  parts.push(`SELECT * FROM albums_of_artists`);
  return `WITH ${ctes.join(",\n")}\n${parts.join(" UNION ALL ")} ORDER BY kind, stage, pos`;
}

/** A condition (ending in AND) that holds while the stages `stages` found fewer than `$limit` names. */
function stillShort(stages: string[], $limit: string): string {
  const found = stages.map((s) => `SELECT id FROM ${s}`).join(" UNION ALL ");
  return `(SELECT count(DISTINCT id) FROM (${found}) f) < ${$limit} AND`;
}

/**
 * The newest albums of the artists `artistIds` (an SQL array of uuids), at most `$limit`, as the albums
 * section's last stage; `gate` (a condition ending in AND) decides whether they are read at all.
 */
function newestAlbumsOf(artistIds: string, $limit: string, gate = ""): string {
  return `SELECT 'albums' AS kind, ${ARTISTS_ALBUMS_STAGE} AS stage, x.pos, ${ALBUMS.columns}
    FROM (SELECT row_number() OVER (ORDER BY x.release_date DESC NULLS LAST, x.id) AS pos, x.* FROM albums x
          WHERE ${gate} x.artist_id = ANY(${artistIds}) ORDER BY pos LIMIT ${$limit}) x ${ALBUMS.joins}`;
}

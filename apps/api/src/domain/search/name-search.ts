// The suggestions' names: playlists, artists and albums whose folded names (search-fold.ts) hold the text,
// all read in one statement, one round trip on one connection.
//
// Each section is ranked in stages, a later stage read only while the section is short (a gate the
// statement evaluates once, before reading a later stage's index):
//  0. names holding the text as typed: the exact name first, then names starting with it, then by
//     similarity; at most NAME_CANDIDATES rows read, so a common word costs no more than a rare one;
//  1-2. names holding its corrections (search-dictionary.ts), ranked the same way;
//  3. when no word needed a correction, names alike to it by trigrams (a word the catalog does not know
//     was corrected to the catalog's words: a likeness search would only repeat that);
//  4. albums only: the newest albums of the first artists found.
// A name found by an earlier stage keeps its place there; each section keeps to the limit.
import type { DataSource } from "typeorm";
import { escapeLike } from "../../infra/lib/like-pattern.js";
import { ownerNameColumn, type PlaylistRow } from "../../data/playlist-rows.js";
import { visiblePlaylistSql } from "../../data/playlist-visibility.js";
import type { AlbumNameRow } from "../../data/albums.js";
import { selectRows } from "../../data/sql.js";
import { Params, type SongSearch } from "./catalog-search.js";
import { foldQuery } from "./search-fold.js";

/** Names of a section ranked at most, per stage. */
const NAME_CANDIDATES = 200;
/** Names shorter than 3 characters (no trigram index can help) are matched among this many rows. */
const SHORT_NAME_WINDOW = 3000;
/** Albums of this many of the first artists found follow the albums whose titles match. */
const ALBUM_ARTISTS = 3;
/** The stage of the matching artists' albums (after the title stages). */
const ARTISTS_ALBUMS_STAGE = 9;

export interface ArtistNameRow {
  id: string;
  name: string;
  image_url: string | null;
}

export interface SuggestedNames {
  playlists: PlaylistRow[];
  artists: ArtistNameRow[];
  albums: AlbumNameRow[];
}

type Kind = "playlists" | "artists" | "albums";

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

type NameRow = PlaylistRow &
  Omit<AlbumNameRow, "title"> & { kind: Kind; stage: number; pos: string | number; name: string };

export interface NameSearch {
  /** The playlists, artists and albums suggested for the text, each at most `limit`, best first. */
  suggest(text: string, limit: number): Promise<SuggestedNames>;
}

export function createNameSearch(db: DataSource, songSearch: SongSearch): NameSearch {
  return {
    async suggest(text, limit) {
      const folded = foldQuery(text);
      if (!folded) return { playlists: [], artists: [], albums: [] };
      const corrections = await songSearch.corrected(folded);
      // Trigram matches are rare enough to read from the indexes, all in one statement.
      if (folded.length >= 3) {
        const p = new Params();
        const sql = namesStatement(folded, corrections, limit, p);
        return sections(await songSearch.withBitmaps<NameRow>(sql, p.values), limit);
      }
      // A short text is matched in a bounded scan of each table (thousands of names folded): one
      // statement each, so that they run side by side, and the matching artists' albums after them.
      const read = (kinds: Kind[]) => {
        const p = new Params();
        return selectRows<NameRow>(db, namesStatement(folded, [], limit, p, kinds), p.values);
      };
      const found = sections((await Promise.all(SOURCES.map((s) => read([s.kind])))).flat(), limit);
      if (found.albums.length >= limit || found.artists.length === 0) return found;
      const p = new Params();
      const artists = found.artists.slice(0, ALBUM_ARTISTS).map((a) => a.id);
      const newest = newestAlbumsOf(`${p.add(artists)}::uuid[]`, p.add(limit));
      const more = sections(await selectRows<NameRow>(db, newest, p.values), limit);
      const seen = new Set(found.albums.map((a) => a.id));
      return {
        ...found,
        albums: [...found.albums, ...more.albums.filter((a) => !seen.has(a.id))].slice(0, limit),
      };
    },
  };
}

/** The statement answering every section's stages, its rows tagged with section, stage and place. */
export function namesStatement(
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

/** Each section's rows in stage order, a name once (at its first place), at most `limit`. */
function sections(rows: NameRow[], limit: number): SuggestedNames {
  const lists: Record<Kind, NameRow[]> = { playlists: [], artists: [], albums: [] };
  const seen: Record<Kind, Set<string>> = { playlists: new Set(), artists: new Set(), albums: new Set() };
  const sorted = [...rows].sort((a, b) => a.stage - b.stage || Number(a.pos) - Number(b.pos));
  for (const row of sorted) {
    const list = lists[row.kind];
    if (list.length >= limit || seen[row.kind].has(row.id)) continue;
    seen[row.kind].add(row.id);
    list.push(row);
  }
  return {
    playlists: lists.playlists,
    artists: lists.artists.map((r) => ({ id: r.id, name: r.name, image_url: r.image_url })),
    albums: lists.albums.map((r) => ({
      id: r.id,
      title: r.name,
      image_url: r.image_url,
      artist_id: r.artist_id,
      artist_name: r.artist_name,
      artist_image_url: r.artist_image_url,
    })),
  };
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

// What a new song releases: its album when it has one (one release however many songs arrive), or the
// song alone; with the artist whose followers hear of it. And the releases artists' managers upload: held
// for review with their songs hidden, approved, refused, edited or taken down.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";
import { must } from "./must.js";

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
      // A song held for review or taken down is no news; its release is told once it is approved.
      .where("s.hidden", "=", false)
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

const RELEASE_COLUMNS = [
  "r.id",
  "r.artist_id",
  "ar.name as artist_name",
  "r.album_id",
  "r.kind",
  "r.title",
  "r.genre",
  sql<string>`to_char(r.release_date, 'YYYY-MM-DD')`.as("release_date"),
  "r.credits",
  "r.cover_url",
  "r.members_only",
  "r.track_count",
  "r.status",
  "r.refusal_reason",
  "r.taken_down_by",
  "r.submitted_by",
  "u.username as submitter_username",
  "r.created_at",
  "r.reviewed_at",
] as const;

const releasesQuery = () =>
  builder
    .selectFrom("releases as r")
    .innerJoin("artists as ar", "ar.id", "r.artist_id")
    .leftJoin("users as u", "u.id", "r.submitted_by")
    .select(RELEASE_COLUMNS);

export type ReleaseRow = NonNullable<Awaited<ReturnType<typeof releaseById>>>;

export const releaseById = (db: Queryable, id: string) =>
  runOne(db, releasesQuery().where("r.id", "=", id).compile());

/** An artist's releases, newest first (their managers' list). */
export const releasesOfArtist = (db: Queryable, artistId: string, limit: number) =>
  run(db, releasesQuery().where("r.artist_id", "=", artistId).orderBy("r.created_at", "desc").limit(limit).compile());

/** The review queue: pending ones oldest first (first come, first reviewed), the others newest first. */
export const releasesWithStatus = (db: Queryable, status: string, limit: number) =>
  run(
    db,
    releasesQuery()
      .where("r.status", "=", status)
      .orderBy("r.created_at", status === "pending" ? "asc" : "desc")
      .limit(limit)
      .compile(),
  );

/** The songs of these releases encoded so far, in track order. */
export const songsOfReleases = (db: Queryable, releaseIds: readonly string[]) =>
  releaseIds.length === 0
    ? Promise.resolve([])
    : run(
        db,
        builder
          .selectFrom("songs")
          .select(["id", "title", "duration", "release_id"])
          .where("release_id", "in", releaseIds)
          .orderBy("track_number", "asc")
          .orderBy("created_at", "asc")
          .compile(),
      );

/** The release locked until the transaction ends: two decisions at once decide once. */
export const lockRelease = (tx: Queryable, id: string) =>
  runOne(
    tx,
    builder
      .selectFrom("releases")
      .select(["id", "artist_id", "album_id", "status"])
      .where("id", "=", id)
      .forUpdate()
      .compile(),
  );

export interface NewRelease {
  artistId: string;
  kind: string;
  title: string;
  genre: string;
  releaseDate: string;
  credits: string;
  coverUrl: string;
  membersOnly: boolean;
  trackCount: number;
  submittedBy: string;
  matchKey: string;
}

/** The release and the album it will be in the catalog, written together (nothing shows: no listed song). */
export async function insertRelease(tx: Queryable, release: NewRelease): Promise<{ id: string; albumId: string }> {
  const album = await runOne(
    tx,
    builder
      .insertInto("albums")
      .values({
        title: release.title,
        artist_id: release.artistId,
        image_url: release.coverUrl,
        genre: release.genre,
        year: Number(release.releaseDate.slice(0, 4)),
        release_date: release.releaseDate,
        members_only: release.membersOnly,
        compilation: false,
        match_key: release.matchKey,
      })
      .returning("id")
      .compile(),
  );
  const row = await runOne(
    tx,
    builder
      .insertInto("releases")
      .values({
        artist_id: release.artistId,
        album_id: must(album, "an INSERT ... RETURNING answers its row").id,
        kind: release.kind,
        title: release.title,
        genre: release.genre,
        release_date: release.releaseDate,
        credits: release.credits,
        cover_url: release.coverUrl,
        members_only: release.membersOnly,
        track_count: release.trackCount,
        submitted_by: release.submittedBy,
        rights_attested_at: sql<Date>`now()`,
      })
      .returning("id")
      .compile(),
  );
  return {
    id: must(row, "an INSERT ... RETURNING answers its row").id,
    albumId: must(album, "an INSERT ... RETURNING answers its row").id,
  };
}

export interface ReleaseDecision {
  status: "approved" | "refused" | "taken_down";
  reason: string | null;
  takenDownBy: "artist" | "admin" | null;
  /** The admin who decided; null when the artist took it down. */
  reviewedBy: string | null;
}

export const decideRelease = (tx: Queryable, id: string, decision: ReleaseDecision) =>
  run(
    tx,
    builder
      .updateTable("releases")
      .set({
        status: decision.status,
        refusal_reason: decision.reason,
        taken_down_by: decision.takenDownBy,
        ...(decision.reviewedBy !== null && { reviewed_by: decision.reviewedBy, reviewed_at: sql<Date>`now()` }),
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", id)
      .compile(),
  );

/** Shows or hides every song of the release at once: lists, search, pages, streams and downloads read `hidden`. */
export const setReleaseSongsHidden = (tx: Queryable, releaseId: string, hidden: boolean) =>
  run(
    tx,
    builder.updateTable("songs").set({ hidden }).where("release_id", "=", releaseId).returning("id").compile(),
  );

/** Whether songs of the release written now are listed (it was approved while they were encoding). */
export const releaseIsApproved = async (tx: Queryable, releaseId: string) =>
  (await runOne(tx, builder.selectFrom("releases").select("status").where("id", "=", releaseId).compile()))
    ?.status === "approved";

export interface ReleaseFacts {
  title?: string;
  genre?: string;
  releaseDate?: string;
  credits?: string;
  membersOnly?: boolean;
}

/** A manager's edit: the release, its album (what listeners see), its songs' genre and a single's title. */
export async function updateReleaseFacts(
  tx: Queryable,
  release: { id: string; albumId: string | null; single: boolean },
  facts: ReleaseFacts,
  matchKey: string | null,
) {
  await run(
    tx,
    builder
      .updateTable("releases")
      .set({
        ...(facts.title !== undefined && { title: facts.title }),
        ...(facts.genre !== undefined && { genre: facts.genre }),
        ...(facts.releaseDate !== undefined && { release_date: facts.releaseDate }),
        ...(facts.credits !== undefined && { credits: facts.credits }),
        ...(facts.membersOnly !== undefined && { members_only: facts.membersOnly }),
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", release.id)
      .compile(),
  );
  if (release.albumId === null) return;
  if (facts.title !== undefined || facts.genre !== undefined || facts.releaseDate !== undefined || facts.membersOnly !== undefined)
    await run(
      tx,
      builder
        .updateTable("albums")
        .set({
          ...(facts.title !== undefined && matchKey !== null && { title: facts.title, match_key: matchKey }),
          ...(facts.genre !== undefined && { genre: facts.genre }),
          ...(facts.releaseDate !== undefined && {
            release_date: facts.releaseDate,
            year: Number(facts.releaseDate.slice(0, 4)),
          }),
          ...(facts.membersOnly !== undefined && { members_only: facts.membersOnly }),
        })
        .where("id", "=", release.albumId)
        .compile(),
    );
  // A single's one song carries its title.
  const renamed = facts.title !== undefined && release.single ? { title: facts.title } : {};
  if (facts.genre !== undefined || renamed.title !== undefined)
    await run(
      tx,
      builder
        .updateTable("songs")
        .set({ ...(facts.genre !== undefined && { genre: facts.genre }), ...renamed })
        .where("release_id", "=", release.id)
        .compile(),
    );
}

/** Whether the song came in with a release that is not approved (held, refused or taken down). */
export const songOfHeldRelease = async (db: Queryable, songId: string) =>
  (await runOne(
    db,
    builder
      .selectFrom("songs as s")
      .innerJoin("releases as r", "r.id", "s.release_id")
      .select("r.id")
      .where("s.id", "=", songId)
      .where("r.status", "<>", "approved")
      .compile(),
  )) !== undefined;

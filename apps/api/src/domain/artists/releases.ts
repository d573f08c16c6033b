// Releases: an artist's manager uploads a single, EP or album through the admins' ingestion pipeline (the
// same grants, checks and encodes); it waits for an admin's review with its songs hidden, so that search,
// pages, playlists, streams and downloads know nothing of it until it is approved. A takedown hides them
// all again at once: every one of those reads `songs.hidden`.
import type { DataSource, EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  RELEASE_ALREADY_IN_CATALOG,
  RELEASE_MANAGERS_ONLY,
  type AdminReleaseDto,
  type ReleaseDto,
  type ReleaseService,
  type ReleaseStatus,
} from "@purplebeats/contracts";
import { isManagerOf } from "../../data/artist-payouts.js";
import { songIdByContentHash, takeCatalogWriteTurn } from "../../data/catalog-writes.js";
import {
  decideRelease,
  insertRelease,
  lockRelease,
  releaseById,
  releasesOfArtist,
  releasesWithStatus,
  setReleaseSongsHidden,
  songsOfReleases,
  updateReleaseFacts,
  type ReleaseDecision,
  type ReleaseRow,
} from "../../data/releases.js";
import { ourPictureUrl, type ObjectUrlResolver } from "../uploads/uploads.js";
import type { LibraryUploads } from "../library/library-uploads.js";
import { matchKey } from "../library/match-key.js";
import { must } from "../../data/must.js";

const LIST_LIMIT = 100;

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

const STATUSES: readonly ReleaseStatus[] = ["pending", "approved", "refused", "taken_down"];
const statusOf = (value: string): ReleaseStatus => STATUSES.find((status) => status === value) ?? "pending";
const kindOf = (value: string): ReleaseDto["kind"] =>
  value === "album" || value === "ep" ? value : "single";

export interface ReleaseOptions {
  uploads: LibraryUploads;
  pictures: ObjectUrlResolver;
  /** Songs entered or left the catalog: cached lists and search drop what they hold. */
  onCatalogChanged(): void;
  /** An approved release is told to the artist's followers (one notification per release). */
  onApproved(songId: string): Promise<void> | undefined;
}

export function createReleaseService(db: DataSource, options: ReleaseOptions): ReleaseService {
  async function toDtos(rows: ReleaseRow[]): Promise<AdminReleaseDto[]> {
    const songs = await songsOfReleases(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      artistId: row.artist_id,
      artistName: row.artist_name,
      albumId: row.album_id,
      kind: kindOf(row.kind),
      title: row.title,
      genre: row.genre,
      releaseDate: row.release_date,
      credits: row.credits,
      coverUrl: row.cover_url,
      membersOnly: row.members_only,
      trackCount: row.track_count,
      songs: songs
        .filter((song) => song.release_id === row.id)
        .map((song) => ({ id: song.id, title: song.title, duration: song.duration })),
      status: statusOf(row.status),
      reason: row.refusal_reason,
      takenDownBy: row.taken_down_by === "artist" || row.taken_down_by === "admin" ? row.taken_down_by : null,
      createdAt: new Date(row.created_at).toISOString(),
      reviewedAt: iso(row.reviewed_at),
      submitter:
        row.submitted_by === null ? null : { id: row.submitted_by, username: row.submitter_username ?? "" },
    }));
  }

  const forArtist = ({ submitter: _submitter, ...release }: AdminReleaseDto): ReleaseDto => release;

  async function adminDto(id: string): Promise<AdminReleaseDto> {
    const row = await releaseById(db, id);
    if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Release not found" });
    return must((await toDtos([row]))[0], "one row gives one DTO");
  }

  async function mustManage(userId: string, artistId: string) {
    if (!(await isManagerOf(db, artistId, userId)))
      throw new TRPCError({ code: "FORBIDDEN", message: RELEASE_MANAGERS_ONLY });
  }

  /** The release, when the caller manages its artist (another artist's release is not found). */
  async function managedRelease(userId: string, id: string) {
    const row = await releaseById(db, id);
    if (!row || !(await isManagerOf(db, row.artist_id, userId)))
      throw new TRPCError({ code: "NOT_FOUND", message: "Release not found" });
    return row;
  }

  /** Moves a release to `decision` under its row lock, showing or hiding its songs in the same transaction. */
  async function decide(id: string, allowedFrom: readonly ReleaseStatus[], decision: ReleaseDecision) {
    const shown = await db.transaction(async (tx: EntityManager) => {
      const row = await lockRelease(tx, id);
      if (!row) throw new TRPCError({ code: "NOT_FOUND", message: "Release not found" });
      if (!allowedFrom.includes(statusOf(row.status)))
        throw new TRPCError({
          code: "CONFLICT",
          message: `This release is ${row.status.replace("_", " ")}`,
        });
      // The encoder writes a release's songs under the same turn, reading the status it finds.
      await takeCatalogWriteTurn(tx);
      await decideRelease(tx, id, decision);
      return setReleaseSongsHidden(tx, id, decision.status !== "approved");
    });
    options.onCatalogChanged();
    const first = shown[0];
    if (decision.status === "approved" && first) await options.onApproved(first.id);
  }

  return {
    async uploadGrant(userId, artistId, origin) {
      await mustManage(userId, artistId);
      return options.uploads.grant(userId, origin);
    },

    async submit(userId, input) {
      await mustManage(userId, input.artistId);
      const library = options.uploads.library();
      const coverUrl = await ourPictureUrl(options.pictures, userId, input.coverUrl);
      // Every file is read (and a bad one refused with its reason) before anything is written.
      const tracks = [];
      const hashes = new Set<string>();
      for (const file of input.tracks) {
        const track = await options.uploads.read(userId, file);
        if (hashes.has(track.contentHash) || (await songIdByContentHash(db, track.contentHash)))
          throw new TRPCError({
            code: "CONFLICT",
            message: `${file.fileName}: ${RELEASE_ALREADY_IN_CATALOG}`,
          });
        hashes.add(track.contentHash);
        // A single's one song is named as the single unless the manager named it.
        const single = input.kind === "single" && input.tracks.length === 1;
        tracks.push({ track, title: file.title ?? (single ? input.title : null) });
      }
      const created = await db.transaction((tx: EntityManager) =>
        insertRelease(tx, {
          artistId: input.artistId,
          kind: input.kind,
          title: input.title,
          genre: input.genre,
          releaseDate: input.releaseDate,
          credits: input.credits,
          coverUrl: coverUrl ?? "",
          membersOnly: input.membersOnly,
          trackCount: tracks.length,
          submittedBy: userId,
          matchKey: matchKey(input.title) || input.title.toLowerCase(),
        }),
      );
      for (const [index, { track, title }] of tracks.entries())
        await library.ingestReleaseTrack(track, {
          releaseId: created.id,
          artistId: input.artistId,
          albumId: created.albumId,
          title,
          trackNo: index + 1,
          genre: input.genre,
        });
      return forArtist(await adminDto(created.id));
    },

    async ofArtist(userId, artistId) {
      await mustManage(userId, artistId);
      return (await toDtos(await releasesOfArtist(db, artistId, LIST_LIMIT))).map(forArtist);
    },

    async update(userId, id, changes) {
      const row = await managedRelease(userId, id);
      if (statusOf(row.status) === "taken_down")
        throw new TRPCError({ code: "CONFLICT", message: "This release is taken down" });
      await db.transaction((tx: EntityManager) =>
        updateReleaseFacts(
          tx,
          { id, albumId: row.album_id, single: row.kind === "single" && row.track_count === 1 },
          changes,
          changes.title === undefined ? null : matchKey(changes.title) || changes.title.toLowerCase(),
        ),
      );
      options.onCatalogChanged();
      return forArtist(await adminDto(id));
    },

    async takeDown(userId, id) {
      await managedRelease(userId, id);
      await decide(id, ["pending", "approved"], {
        status: "taken_down",
        reason: null,
        takenDownBy: "artist",
        reviewedBy: null,
      });
      return forArtist(await adminDto(id));
    },

    async adminList(status) {
      return toDtos(await releasesWithStatus(db, status, LIST_LIMIT));
    },

    async review(adminId, { id, decision, reason }) {
      await decide(
        id,
        ["pending"],
        decision === "approve"
          ? { status: "approved", reason: null, takenDownBy: null, reviewedBy: adminId }
          : { status: "refused", reason: reason ?? null, takenDownBy: null, reviewedBy: adminId },
      );
      return adminDto(id);
    },

    async adminTakeDown(adminId, id, reason) {
      await decide(id, ["pending", "approved"], {
        status: "taken_down",
        reason,
        takenDownBy: "admin",
        reviewedBy: adminId,
      });
      return adminDto(id);
    },
  };
}

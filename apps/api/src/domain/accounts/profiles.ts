import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import {
  HANDLE_TAKEN,
  listeningSettingsSchema,
  type ProfileDto,
  type ProfileService,
  type TopRange,
} from "@purplebeats/contracts";
import { isLocale } from "@purplebeats/contracts/constants";
import { Profile } from "@purplebeats/db";
import { toSongDto } from "../../data/song-rows.js";
import { isUniqueViolation } from "../../data/pg-errors.js";
import type { ObjectUrlResolver } from "../uploads/uploads.js";
import { profileCounts, topArtists, topTracks } from "../../data/profiles.js";
import { must } from "../../data/must.js";

const toProfile = (row: Profile): ProfileDto => ({
  userId: row.userId,
  name: row.name,
  handle: row.handle,
  isPrivate: row.isPrivate,
  nickname: row.nickname,
  imageUrl: row.imageUrl,
  language: isLocale(row.language) ? row.language : null,
});

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "Profile not found" });

/** How many top tracks and artists a profile shows. */
export const TOP_COUNT = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS: Record<TopRange, number | null> = { "4w": 28, "6m": 182, all: null };

/** Months are counted in UTC, as the server reckons the date everywhere else. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export function createProfileService(db: DataSource, objects: ObjectUrlResolver): ProfileService {
  const profiles = db.getRepository(Profile);

  /** Sets fields (updated_at follows) and answers the profile as it now is. */
  function update(
    userId: string,
    change: Pick<Partial<Profile>, "name" | "imageUrl" | "handle" | "isPrivate" | "language">,
  ) {
    return db.transaction(async (tx) => {
      await tx.update(Profile, { userId }, change);
      const row = await tx.findOneBy(Profile, { userId });
      if (!row) throw notFound();
      return toProfile(row);
    });
  }

  return {
    async get(userId) {
      const row = await profiles.findOneBy({ userId });
      if (!row) throw notFound();
      return toProfile(row);
    },
    updateName: (userId, name) => update(userId, { name }),
    async updateAvatar(userId, url) {
      const objectPath = await objects.resolveOwnedObject(userId, url);
      if (!objectPath) {
        throw new TRPCError({ code: "BAD_REQUEST", message: "avatarURL must be an image you uploaded" });
      }
      return update(userId, { imageUrl: objectPath });
    },
    async updateSettings(userId, { handle, isPrivate, language }) {
      try {
        return await update(userId, {
          ...(handle === undefined ? {} : { handle }),
          ...(isPrivate === undefined ? {} : { isPrivate }),
          ...(language === undefined ? {} : { language }),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new TRPCError({ code: "CONFLICT", message: HANDLE_TAKEN });
        throw error;
      }
    },
    async listeningSettings(userId) {
      const row = await profiles.findOneBy({ userId });
      if (!row) throw notFound();
      // Kept as the contract's schema wrote it; a document an older schema no longer reads is as none.
      const stored = listeningSettingsSchema.safeParse(row.listeningSettings);
      return stored.success ? stored.data : null;
    },
    async updateListeningSettings(userId, settings) {
      const { affected } = await profiles.update({ userId }, { listeningSettings: settings });
      if (!affected) throw notFound();
      return settings;
    },
    async stats(userId) {
      const [counts, topRows] = await Promise.all([
        profileCounts(db, userId, monthStart(new Date())),
        topTracks(db, userId, null, TOP_COUNT),
      ]);
      const totals = must(counts, "a count(*) answers one row");
      return {
        playlists: totals.playlists,
        likedSongs: totals.liked_songs,
        plays: totals.plays,
        listeningSeconds: Number(totals.listening_seconds),
        listeningSecondsThisMonth: Number(totals.listening_seconds_this_month),
        topTracks: topRows.map(toSongDto),
      };
    },
    async top(userId, range) {
      const days = RANGE_DAYS[range];
      const since = days === null ? null : new Date(Date.now() - days * DAY_MS);
      const [tracks, artists] = await Promise.all([
        topTracks(db, userId, since, TOP_COUNT),
        topArtists(db, userId, since, TOP_COUNT),
      ]);
      return {
        range,
        tracks: tracks.map(toSongDto),
        artists: artists.map((a) => ({ id: a.id, name: a.name, imageUrl: a.image_url, plays: a.plays })),
      };
    },
  };
}

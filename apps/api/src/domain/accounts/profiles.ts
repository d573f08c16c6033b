import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import type { ProfileDto, ProfileService } from "@purplebeats/contracts";
import { Profile } from "@purplebeats/db";
import { toSongDto } from "../../data/song-rows.js";
import type { ObjectUrlResolver } from "../uploads/uploads.js";
import { profileCounts, topTracks } from "../../data/profiles.js";

const toProfile = (row: Profile): ProfileDto => ({
  userId: row.userId,
  name: row.name,
  nickname: row.nickname,
  imageUrl: row.imageUrl,
});

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "Profile not found" });

export function createProfileService(db: DataSource, objects: ObjectUrlResolver): ProfileService {
  const profiles = db.getRepository(Profile);

  /** Sets one field (updated_at follows) and answers the profile as it now is. */
  function update(userId: string, change: Pick<Partial<Profile>, "name" | "imageUrl">) {
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
    async stats(userId) {
      const [counts, topRows] = await Promise.all([profileCounts(db, userId), topTracks(db, userId)]);
      return {
        playlists: counts!.playlists,
        likedSongs: counts!.liked_songs,
        plays: counts!.plays,
        listeningSeconds: Number(counts!.listening_seconds),
        topTracks: topRows.map(toSongDto),
      };
    },
  };
}

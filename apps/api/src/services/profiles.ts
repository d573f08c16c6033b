import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import type { ProfileDto, ProfileService } from "@purplebeats/contracts";
import { SONG_COLUMNS, SONG_JOINS, toSongDto, type SongRow } from "./song-rows.js";
import type { ObjectUrlResolver } from "./uploads.js";

interface ProfileRow {
  user_id: string;
  name: string;
  nickname: string | null;
  image_url: string | null;
}

const toProfile = (row: ProfileRow): ProfileDto => ({
  userId: row.user_id,
  name: row.name,
  nickname: row.nickname,
  imageUrl: row.image_url,
});

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "Profile not found" });

export function createProfileService(db: DataSource, objects: ObjectUrlResolver): ProfileService {
  async function update(userId: string, column: "name" | "image_url", value: string) {
    const [rows] = (await db.query(
      `UPDATE profiles SET ${column} = $2, updated_at = now() WHERE user_id = $1
       RETURNING user_id, name, nickname, image_url`,
      [userId, value],
    )) as [ProfileRow[], number];
    if (!rows[0]) throw notFound();
    return toProfile(rows[0]);
  }

  return {
    async get(userId) {
      const [row] = (await db.query(
        `SELECT user_id, name, nickname, image_url FROM profiles WHERE user_id = $1`,
        [userId],
      )) as ProfileRow[];
      if (!row) throw notFound();
      return toProfile(row);
    },
    updateName: (userId, name) => update(userId, "name", name),
    async updateAvatar(userId, url) {
      const objectPath = await objects.resolveOwnedObject(userId, url);
      if (!objectPath) {
        throw new TRPCError({ code: "BAD_REQUEST", message: "avatarURL must be an image you uploaded" });
      }
      return update(userId, "image_url", objectPath);
    },
    async stats(userId) {
      const [[counts], topRows] = await Promise.all([
        db.query(
          `SELECT
             (SELECT count(*) FROM playlists WHERE created_by = $1)::int AS playlists,
             (SELECT count(*) FROM liked_songs WHERE user_id = $1)::int AS liked_songs,
             (SELECT count(*) FROM play_history WHERE user_id = $1)::int AS plays,
             (SELECT coalesce(sum(s.duration), 0) FROM play_history h JOIN songs s ON s.id = h.song_id
               WHERE h.user_id = $1)::bigint AS listening_seconds`,
          [userId],
        ) as Promise<
          Array<{ playlists: number; liked_songs: number; plays: number; listening_seconds: string }>
        >,
        db.query(
          `SELECT ${SONG_COLUMNS} FROM (
             SELECT song_id, count(*) AS plays, max(played_at) AS last FROM play_history
             WHERE user_id = $1 GROUP BY song_id ORDER BY plays DESC, last DESC LIMIT 5
           ) top JOIN songs s ON s.id = top.song_id ${SONG_JOINS}
           ORDER BY top.plays DESC, top.last DESC`,
          [userId],
        ) as Promise<SongRow[]>,
      ]);
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

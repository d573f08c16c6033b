import { randomBytes } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import { GUEST_PREFIX, GUEST_USERNAME, type AccountService, type MeDto } from "@purplebeats/contracts";
import { isPiPlatformError, type PiPlatformClient } from "@purplebeats/pi";

/** SPEC.md section 3: 'guest-' + random text + a timestamp. */
export const newGuestUid = () => `${GUEST_PREFIX}${randomBytes(6).toString("hex")}-${Date.now()}`;

interface UserRow {
  id: string;
  username: string;
  kind: string;
  is_admin: boolean;
}

export interface AccountServiceOptions {
  pi: PiPlatformClient;
  /** Uids that are admins by configuration (ADMIN_UIDS). */
  adminUids: ReadonlySet<string>;
}

export function createAccountService(db: DataSource, options: AccountServiceOptions): AccountService {
  const toMe = (row: UserRow): MeDto => ({
    uid: row.id,
    username: row.username,
    isGuest: row.kind === "guest",
    isAdmin: row.is_admin || options.adminUids.has(row.id),
  });

  async function verifiedPiUser(accessToken: string) {
    try {
      return await options.pi.me(accessToken);
    } catch (error) {
      if (isPiPlatformError(error) && error.kind === "unauthorized") {
        throw new TRPCError({
          code: "UNAUTHORIZED",
          message: "Pi Network did not accept this sign-in. Please sign in again.",
        });
      }
      throw new TRPCError({
        code: "BAD_GATEWAY",
        message: "Pi Network could not be reached to verify the sign-in. Please try again.",
      });
    }
  }

  return {
    async createGuest() {
      const uid = newGuestUid();
      await db.transaction(async (tx) => {
        await tx.query(`INSERT INTO users (id, username, kind) VALUES ($1, $2, 'guest')`, [
          uid,
          GUEST_USERNAME,
        ]);
        await tx.query(`INSERT INTO profiles (user_id, name) VALUES ($1, $2)`, [uid, GUEST_USERNAME]);
      });
      return { uid, username: GUEST_USERNAME, isGuest: true, isAdmin: false };
    },

    async me(userId) {
      const [row] = (await db.query(`SELECT id, username, kind, is_admin FROM users WHERE id = $1`, [
        userId,
      ])) as UserRow[];
      return row ? toMe(row) : null;
    },

    async piLogin(accessToken, guestId) {
      const piUser = await verifiedPiUser(accessToken);
      // Pi may withhold the username (scope not granted); the uid is the identity either way.
      const username = piUser.username ?? `pioneer-${piUser.uid.slice(0, 8)}`;
      const row = await db.transaction(async (tx) => {
        const [user] = (await tx.query(
          `INSERT INTO users (id, username, kind, last_seen_at) VALUES ($1, $2, 'pi', now())
           ON CONFLICT (id) DO UPDATE SET username = EXCLUDED.username, kind = 'pi', last_seen_at = now()
           RETURNING id, username, kind, is_admin`,
          [piUser.uid, username],
        )) as UserRow[];
        if (guestId && guestId !== piUser.uid) await adoptGuest(tx, guestId, piUser.uid);
        await tx.query(
          `INSERT INTO profiles (user_id, name) VALUES ($1, $2)
           ON CONFLICT (user_id) DO UPDATE SET
             name = CASE WHEN profiles.name = $3 THEN EXCLUDED.name ELSE profiles.name END,
             updated_at = now()`,
          [piUser.uid, username, GUEST_USERNAME],
        );
        return user!;
      });
      return toMe(row);
    },
  };
}

/**
 * A guest who signs in keeps what it made: playlists, likes, library, history, uploads and its
 * profile (when the Pi user has none yet). Rows the Pi user already has win; the guest is then removed.
 */
async function adoptGuest(tx: EntityManager, guestId: string, userId: string) {
  const [guest] = (await tx.query(`SELECT id FROM users WHERE id = $1 AND kind = 'guest' FOR UPDATE`, [
    guestId,
  ])) as unknown[];
  if (!guest) return;
  await tx.query(`UPDATE playlists SET created_by = $2 WHERE created_by = $1`, [guestId, userId]);
  for (const [table, key] of [
    ["liked_songs", "song_id"],
    ["liked_playlists", "playlist_id"],
    ["library_playlists", "playlist_id"],
  ] as const) {
    await tx.query(
      `UPDATE ${table} g SET user_id = $2 WHERE g.user_id = $1
       AND NOT EXISTS (SELECT 1 FROM ${table} u WHERE u.user_id = $2 AND u.${key} = g.${key})`,
      [guestId, userId],
    );
  }
  await tx.query(`UPDATE play_history SET user_id = $2 WHERE user_id = $1`, [guestId, userId]);
  // The guest and the account are one listener: a song both played loses the guest's listener.
  await tx.query(
    `UPDATE songs s SET listener_count = listener_count - 1 FROM song_listeners g
     WHERE g.user_id = $1 AND s.id = g.song_id
       AND EXISTS (SELECT 1 FROM song_listeners u WHERE u.user_id = $2 AND u.song_id = g.song_id)`,
    [guestId, userId],
  );
  await tx.query(
    `UPDATE song_listeners g SET user_id = $2 WHERE g.user_id = $1
     AND NOT EXISTS (SELECT 1 FROM song_listeners u WHERE u.user_id = $2 AND u.song_id = g.song_id)`,
    [guestId, userId],
  );
  await tx.query(`UPDATE uploads SET user_id = $2 WHERE user_id = $1`, [guestId, userId]);
  await tx.query(
    `UPDATE profiles SET user_id = $2 WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM profiles WHERE user_id = $2)`,
    [guestId, userId],
  );
  await tx.query(`DELETE FROM users WHERE id = $1`, [guestId]);
}

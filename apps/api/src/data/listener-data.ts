// What the core tables hold about one listener, read for their export and removed for their deletion. Each
// pair is a section of data/personal-data.ts. Secrets are never exported: a session's or an admin token's
// hash is left out, only when it was made and how long it holds.
import { sql } from "kysely";
import { builder, run, type Queryable } from "./sql.js";

/** The one account that keeps the payments of deleted accounts, for the books: not a listener. */
export const DELETED_ACCOUNT_ID = "deleted-account";

export const exportAccount = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("users")
      .select(["id", "username", "kind", "is_admin", "wallet_address", "created_at", "last_seen_at"])
      .where("id", "=", userId)
      .compile(),
  );

/** The deleted-accounts account, made the first time a deletion needs it. */
const ensureDeletedAccount = (db: Queryable) =>
  run(
    db,
    builder
      .insertInto("users")
      .values({ id: DELETED_ACCOUNT_ID, username: "Deleted account", kind: "deleted" })
      .onConflict((oc) => oc.column("id").doNothing())
      .compile(),
  );

/** Removes the user row last: every table still pointing at it goes with it (ON DELETE CASCADE). */
export const eraseAccount = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("users").where("id", "=", userId).compile());

export const exportProfile = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("profiles")
      .select([
        "name",
        "nickname",
        "handle",
        "image_url",
        "is_private",
        "share_likes",
        "private_session_until",
        "language",
        "listening_settings",
        "created_at",
        "updated_at",
      ])
      .where("user_id", "=", userId)
      .compile(),
  );

export const eraseProfile = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("profiles").where("user_id", "=", userId).compile());

/** The user's playlists, each with its songs in order (title and artist, so the file reads on its own). */
export const exportPlaylists = (db: Queryable, userId: string) =>
  run(
    db,
    sql<{
      id: string;
      name: string;
      description: string | null;
      image_url: string | null;
      is_public: boolean;
      created_at: Date;
      songs: unknown;
    }>`SELECT p.id, p.name, p.description, p.image_url, p.is_public, p.created_at,
        coalesce((SELECT json_agg(json_build_object('songId', s.id, 'title', s.title, 'artist', a.name,
            'addedAt', ps.added_at) ORDER BY ps.position)
          FROM playlist_songs ps JOIN songs s ON s.id = ps.song_id LEFT JOIN artists a ON a.id = s.artist_id
          WHERE ps.playlist_id = p.id), '[]'::json) AS songs
      FROM playlists p WHERE p.created_by = ${userId} ORDER BY p.created_at`.compile(builder),
  );

/** Their songs, other listeners' likes and library entries of them go too (ON DELETE CASCADE). */
export const erasePlaylists = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("playlists").where("created_by", "=", userId).compile());

export const exportLikedSongs = (db: Queryable, userId: string) =>
  run(
    db,
    sql<{ song_id: string; title: string; artist: string | null; liked_at: Date }>`SELECT ls.song_id,
        s.title, a.name AS artist, ls.liked_at
      FROM liked_songs ls JOIN songs s ON s.id = ls.song_id LEFT JOIN artists a ON a.id = s.artist_id
      WHERE ls.user_id = ${userId} ORDER BY ls.liked_at`.compile(builder),
  );

export const eraseLikedSongs = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("liked_songs").where("user_id", "=", userId).compile());

export const exportLikedPlaylists = (db: Queryable, userId: string) =>
  run(
    db,
    sql<{ playlist_id: string; name: string; liked_at: Date }>`SELECT lp.playlist_id, p.name, lp.liked_at
      FROM liked_playlists lp JOIN playlists p ON p.id = lp.playlist_id
      WHERE lp.user_id = ${userId} ORDER BY lp.liked_at`.compile(builder),
  );

export const eraseLikedPlaylists = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("liked_playlists").where("user_id", "=", userId).compile());

export const exportLibrary = (db: Queryable, userId: string) =>
  run(
    db,
    sql<{ playlist_id: string; name: string; added_at: Date }>`SELECT lp.playlist_id, p.name, lp.added_at
      FROM library_playlists lp JOIN playlists p ON p.id = lp.playlist_id
      WHERE lp.user_id = ${userId} ORDER BY lp.added_at`.compile(builder),
  );

export const eraseLibrary = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("library_playlists").where("user_id", "=", userId).compile());

/** Who the user follows and who follows them, by handle or artist name (never another listener's uid). */
export const exportFollows = (db: Queryable, userId: string) =>
  run(
    db,
    sql<{
      direction: string;
      handle: string | null;
      artist_id: string | null;
      artist: string | null;
      created_at: Date;
    }>`SELECT CASE WHEN f.follower_id = ${userId} THEN 'following' ELSE 'follower' END AS direction,
        pr.handle, f.artist_id, a.name AS artist, f.created_at
      FROM follows f
      LEFT JOIN profiles pr
        ON pr.user_id = CASE WHEN f.follower_id = ${userId} THEN f.listener_id ELSE f.follower_id END
      LEFT JOIN artists a ON a.id = f.artist_id
      WHERE f.follower_id = ${userId} OR f.listener_id = ${userId} ORDER BY f.created_at`.compile(builder),
  );

export const eraseFollows = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .deleteFrom("follows")
      .where((eb) => eb.or([eb("follower_id", "=", userId), eb("listener_id", "=", userId)]))
      .compile(),
  );

export const exportPlays = (db: Queryable, userId: string) =>
  run(
    db,
    sql<{ song_id: string; title: string; artist: string | null; played_at: Date; is_private: boolean }>`SELECT ph.song_id,
        s.title, a.name AS artist, ph.played_at, ph.is_private
      FROM play_history ph JOIN songs s ON s.id = ph.song_id LEFT JOIN artists a ON a.id = s.artist_id
      WHERE ph.user_id = ${userId} ORDER BY ph.played_at DESC`.compile(builder),
  );

/**
 * The history, the counted plays and the per-song listener marks; the songs' play counts stay (they name no
 * one), and so do the premium shares already computed from them (they name artists only).
 */
export async function erasePlays(db: Queryable, userId: string) {
  await run(db, builder.deleteFrom("play_history").where("user_id", "=", userId).compile());
  await run(db, builder.deleteFrom("counted_plays").where("user_id", "=", userId).compile());
  await run(db, builder.deleteFrom("song_listeners").where("user_id", "=", userId).compile());
}

export const exportListenedSongs = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("song_listeners")
      .select(["song_id", "last_counted_at"])
      .where("user_id", "=", userId)
      .compile(),
  );

export const exportPayments = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("pi_payments")
      .select(["payment_id", "amount", "status", "txid", "metadata", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .compile(),
  );

/**
 * Payments stay for the books, but no longer name the listener: they move to the deleted-accounts account
 * and lose their metadata (the SDK's copy carries the uid). Amount, status, txid and dates remain.
 */
export async function erasePayments(db: Queryable, userId: string) {
  await ensureDeletedAccount(db);
  await run(
    db,
    builder
      .updateTable("pi_payments")
      .set({ user_id: DELETED_ACCOUNT_ID, metadata: null, updated_at: sql`now()` })
      .where("user_id", "=", userId)
      .compile(),
  );
}

export const exportMembership = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("memberships")
      .select(["is_premium", "expires_at", "payment_id", "txid", "pi_wallet_id", "amount", "created_at"])
      .where("user_id", "=", userId)
      .compile(),
  );

export const eraseMembership = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("memberships").where("user_id", "=", userId).compile());

/** When each session began and until when it holds; its token's hash stays out. */
export const exportSessions = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("sessions")
      .select(["created_at", "expires_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .compile(),
  );

export const eraseSessions = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("sessions").where("user_id", "=", userId).compile());

export const exportUploads = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("uploads")
      .select(["object_key", "content_type", "kind", "size", "client_ip", "created_at", "used_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .compile(),
  );

/**
 * A deleted listener's files are not removed here, inside the transaction (a rollback could not bring a
 * file back): their rows move to the deleted-accounts account, and the upload sweeper removes the pictures
 * that nothing shows any more once the grace period has passed. A picture keeps its address until then, so
 * that deleting an account does not reset the address's daily upload budget; an admin's audio upload is a
 * song's source and stays, without the address.
 */
export async function eraseUploads(db: Queryable, userId: string) {
  await ensureDeletedAccount(db);
  await run(
    db,
    builder
      .updateTable("uploads")
      .set((eb) => ({
        user_id: DELETED_ACCOUNT_ID,
        client_ip: eb.case().when("kind", "=", "image").then(eb.ref("client_ip")).end(),
      }))
      .where("user_id", "=", userId)
      .compile(),
  );
}

export const exportAdminTokens = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("admin_api_tokens")
      .select(["name", "scope", "created_at", "last_used_at", "revoked_at"])
      .where("user_id", "=", userId)
      .compile(),
  );

export const eraseAdminTokens = (db: Queryable, userId: string) =>
  run(db, builder.deleteFrom("admin_api_tokens").where("user_id", "=", userId).compile());

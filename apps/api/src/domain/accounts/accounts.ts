import { randomBytes } from "node:crypto";
import { Like, type DataSource, type EntityManager } from "typeorm";
import { TRPCError } from "@trpc/server";
import { GUEST_PREFIX, GUEST_USERNAME, type AccountService, type MeDto } from "@purplebeats/contracts";
import { isPiPlatformError, type PiPlatformClient } from "@purplebeats/pi";
import { PlayHistory, Playlist, Profile, Upload, User } from "@purplebeats/db";
import { carryProfileChoices, mergeListeners, moveUniqueEntries } from "../../data/guest-adoption.js";
import { lockRow } from "../../data/locks.js";
import { moveFollows } from "../../data/social.js";
import { moveNotifications } from "../../data/notifications.js";
import { moveSupportRequests } from "../../data/support.js";
import { moveSongReports } from "../../data/song-reports.js";
import { freeHandle, guestHandle, GUEST_HANDLE_PREFIX } from "./handles.js";

/** SPEC.md section 3: 'guest-' + random text + a timestamp. */
export const newGuestUid = () => `${GUEST_PREFIX}${randomBytes(6).toString("hex")}-${Date.now()}`;

export interface AccountServiceOptions {
  pi: PiPlatformClient;
  /** Uids that are admins by configuration (ADMIN_UIDS). */
  adminUids: ReadonlySet<string>;
}

export function createAccountService(db: DataSource, options: AccountServiceOptions): AccountService {
  const users = db.getRepository(User);
  const toMe = (row: User): MeDto => ({
    uid: row.id,
    username: row.username,
    isGuest: row.kind === "guest",
    isAdmin: row.isAdmin || options.adminUids.has(row.id),
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
        await tx.insert(User, { id: uid, username: GUEST_USERNAME, kind: "guest" });
        await tx.insert(Profile, { userId: uid, name: GUEST_USERNAME, handle: guestHandle() });
      });
      return { uid, username: GUEST_USERNAME, isGuest: true, isAdmin: false };
    },

    async me(userId) {
      const row = await users.findOneBy({ id: userId });
      return row ? toMe(row) : null;
    },

    async piLogin(accessToken, guestId) {
      const piUser = await verifiedPiUser(accessToken);
      // Pi may withhold the username (scope not granted); the uid is the identity either way.
      const username = piUser.username ?? `pioneer-${piUser.uid.slice(0, 8)}`;
      const row = await db.transaction(async (tx) => {
        await tx
          .createQueryBuilder()
          .insert()
          .into(User)
          .values({ id: piUser.uid, username, kind: "pi", lastSeenAt: () => "now()" })
          .orUpdate(["username", "kind", "last_seen_at"], ["id"])
          .execute();
        if (guestId && guestId !== piUser.uid) await adoptGuest(tx, guestId, piUser.uid);
        // A new account's profile takes the Pi username; one still named as a guest takes it too,
        // and a name the user chose stays.
        await tx
          .createQueryBuilder()
          .insert()
          .into(Profile)
          .values({ userId: piUser.uid, name: username, handle: await freeHandle(tx, username) })
          .orIgnore()
          .execute();
        await tx.update(Profile, { userId: piUser.uid, name: GUEST_USERNAME }, { name: username });
        // A handle made for the guest gives way to one made from the Pi username.
        await tx.update(
          Profile,
          { userId: piUser.uid, handle: Like(`${GUEST_HANDLE_PREFIX}%`) },
          { handle: await freeHandle(tx, username) },
        );
        return tx.findOneByOrFail(User, { id: piUser.uid });
      });
      return toMe(row);
    },
  };
}

/**
 * A guest who signs in keeps what it made: playlists, likes, library, history, uploads and its
 * profile (when the Pi user has none yet; else the guest's language and listening settings where the account
 * has none). Rows the Pi user already has win; the guest is then removed.
 */
async function adoptGuest(tx: EntityManager, guestId: string, userId: string) {
  const guest = await lockRow(tx, User, "locked.id = :guestId AND locked.kind = 'guest'", { guestId });
  if (!guest) return;
  await tx.update(Playlist, { createdBy: guestId }, { createdBy: userId });
  await moveUniqueEntries(tx, guestId, userId);
  await tx.update(PlayHistory, { userId: guestId }, { userId });
  await mergeListeners(tx, guestId, userId);
  await tx.update(Upload, { userId: guestId }, { userId });
  await moveFollows(tx, guestId, userId);
  await moveNotifications(tx, guestId, userId);
  await moveSupportRequests(tx, guestId, userId);
  await moveSongReports(tx, guestId, userId);
  if (await tx.existsBy(Profile, { userId })) await carryProfileChoices(tx, guestId, userId);
  else await tx.update(Profile, { userId: guestId }, { userId });
  await tx.delete(User, { id: guestId });
}

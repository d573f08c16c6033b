// The account menu's screens: the caller's sign-in and membership, receipts and play history, and their
// data rights (export everything, delete the account). Personal data is whatever data/personal-data.ts lists.
import type { DataSource } from "typeorm";
import { TRPCError } from "@trpc/server";
import { ACCOUNT_DELETION_PAYMENT_PENDING } from "@purplebeats/contracts";
import type { MembershipService, MyAccountService } from "@purplebeats/contracts";
import { User } from "@purplebeats/db";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { lockUnsettledPayments, playHistoryPage, receiptsPage } from "../../data/my-account.js";
import { PERSONAL_DATA_SECTIONS } from "../../data/personal-data.js";
import { toSongDto } from "../../data/song-rows.js";

const iso = (d: Date | string) => new Date(d).toISOString();

export function createMyAccountService(db: DataSource, memberships: MembershipService): MyAccountService {
  const users = db.getRepository(User);
  return {
    async overview(userId) {
      const [user, membership] = await Promise.all([
        users.findOneBy({ id: userId }),
        memberships.get(userId),
      ]);
      const isPi = user?.kind === "pi";
      return { signInMethod: isPi ? "pi" : "guest", piUsername: isPi ? user.username : null, membership };
    },

    async receipts(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const rows = await receiptsPage(db, userId, page.limit + 1, after);
      return toPage(
        rows,
        page.limit,
        (r) => ({
          paymentId: r.payment_id,
          date: iso(r.created_at),
          amount: r.amount,
          txid: r.txid,
          status: r.status,
        }),
        (r) => [Number(r.at_micros), r.id],
      );
    },

    async plays(userId, page) {
      const after = decodeCursor(page.cursor, ["n", "u"] as const);
      const rows = await playHistoryPage(db, userId, page.limit + 1, after);
      return toPage(
        rows,
        page.limit,
        (r) => ({ playId: r.play_id, playedAt: iso(r.played_at), song: toSongDto(r) }),
        (r) => [Number(r.at_micros), r.play_id],
      );
    },

    async exportData(userId) {
      // One snapshot: the sections agree with each other (a play cannot be in one and missing from another).
      const sections = await db.transaction("REPEATABLE READ", async (tx) => {
        const read: Record<string, unknown> = {};
        for (const section of PERSONAL_DATA_SECTIONS) read[section.name] = await section.export(tx, userId);
        return read;
      });
      return { exportedAt: new Date().toISOString(), userId, sections };
    },

    async deleteAccount(userId) {
      await db.transaction(async (tx) => {
        if (await lockUnsettledPayments(tx, userId))
          throw new TRPCError({ code: "CONFLICT", message: ACCOUNT_DELETION_PAYMENT_PENDING });
        for (const section of PERSONAL_DATA_SECTIONS) await section.erase(tx, userId);
      });
    },
  };
}

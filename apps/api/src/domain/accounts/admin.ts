import { TRPCError } from "@trpc/server";
import type { DataSource } from "typeorm";
import type { AdminService } from "@purplebeats/contracts";
import { User } from "@purplebeats/db";
import { decodeCursor, toPage } from "../../infra/lib/cursor.js";
import { adminUsersPage, listenerFigures, statsFingerprint } from "../../data/admin.js";
import { preparedQuery } from "../../data/prepared-query.js";

/**
 * How long admin stats may be served from memory. Each call still reads the newest listener's and the
 * newest completed payment's times (two index lookups), so a new user or a completed payment (and the
 * membership it buys) shows at once on every API instance; what can lag by this much: a membership
 * expiring, a guest account merged away at sign-in, the day/week windows sliding on, and a row whose
 * transaction started before, but committed after, the newest one already counted (its time is older).
 * Ten seconds is well under how often anyone reads a dashboard figure and acts on it.
 */
export const STATS_TTL_MS = 10_000;

type Stats = Awaited<ReturnType<AdminService["stats"]>>;

/** `adminUids`: the configured admins (ADMIN_UIDS), admins whatever the users table says. */
export function createAdminService(db: DataSource, adminUids: ReadonlySet<string>): AdminService {
  const prepared = preparedQuery(db);
  async function computeStats(): Promise<Stats> {
    const r = await listenerFigures(db);
    return {
      totalUsers: r.total,
      premiumUsers: r.premium,
      revenue: Math.round(Number(r.revenue) * 100) / 100,
      conversionRate: r.total === 0 ? 0 : Math.round((r.premium / r.total) * 1000) / 10,
      todayUsers: r.today,
      recentUsers: r.recent,
      freeUsers: r.total - r.premium,
    };
  }

  let cached: { fp: string; at: number; stats: Stats } | undefined;
  // Concurrent dashboard refreshes that saw the same fingerprint share one computation.
  let computing: { fp: string; promise: Promise<Stats> } | undefined;

  return {
    async stats() {
      const fp = await statsFingerprint(prepared);
      if (cached && cached.fp === fp && Date.now() - cached.at < STATS_TTL_MS) return cached.stats;
      if (computing?.fp === fp) return computing.promise;
      const at = Date.now();
      const promise = computeStats().then((stats) => {
        if (!cached || cached.at <= at) cached = { fp, at, stats };
        return stats;
      });
      computing = { fp, promise };
      const done = () => {
        if (computing?.promise === promise) computing = undefined;
      };
      promise.then(done, done);
      return promise;
    },

    async users(page) {
      const after = decodeCursor(page.cursor, ["t", "s"] as const) as [string, string] | null;
      const rows = await adminUsersPage(db, { limit: page.limit + 1, after, premium: page.premium });
      return toPage(
        rows,
        page.limit,
        (r) => ({
          id: r.id,
          userId: r.id,
          name: r.name ?? r.id,
          imageUrl: r.image_url,
          nickname: r.nickname,
          // A guest's username is a placeholder, not a name anyone chose.
          username: r.kind === "pi" ? r.username : null,
          isPremium: r.is_premium,
          isAdmin: r.is_admin || adminUids.has(r.id),
          isConfiguredAdmin: adminUids.has(r.id),
          createdAt: new Date(r.created_at).toISOString(),
          expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        }),
        (r) => [new Date(r.created_at).toISOString(), r.id],
      );
    },

    async setAdminRole(userId, isAdmin) {
      // The database would say "not admin" while the configuration still says admin: refuse, and say where.
      if (!isAdmin && adminUids.has(userId))
        throw new TRPCError({ code: "CONFLICT", message: configuredAdminMessage(userId) });
      const { affected } = await db.getRepository(User).update({ id: userId }, { isAdmin });
      if (!affected)
        throw new TRPCError({
          code: "NOT_FOUND",
          message: `No user with uid ${userId}. The user must have signed in once.`,
        });
      return { userId, isAdmin };
    },
  };
}

/** Why a configured admin cannot be demoted here (the API's 409 and the dashboard say the same). */
export const configuredAdminMessage = (userId: string) =>
  `${userId} is an admin by ADMIN_UIDS; change the server's configuration to remove the role`;

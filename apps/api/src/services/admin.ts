import { TRPCError } from "@trpc/server";
import type { DataSource } from "typeorm";
import type { AdminService } from "@purplebeats/contracts";
import { User } from "@purplebeats/db";
import { decodeCursor, toPage } from "../lib/cursor.js";
import { preparedQuery } from "./cache/prepared-query.js";

interface AdminUserRow {
  id: string;
  name: string | null;
  image_url: string | null;
  nickname: string | null;
  username: string;
  kind: string;
  created_at: Date;
  is_premium: boolean;
  expires_at: Date | null;
}

/** Listeners: guests and Pi users, not the system account that owns the catalog. */
const LISTENERS = `kind IN ('guest', 'pi')`;
const ACTIVE_PREMIUM = `m.is_premium AND m.expires_at > now()`;

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

export function createAdminService(db: DataSource): AdminService {
  const prepared = preparedQuery(db);
  /** What a new listener or a completed payment changes (and the day, for todayUsers). */
  async function fingerprint(): Promise<string> {
    const [row] = (await prepared(
      `SELECT concat_ws('|',
         (SELECT max(created_at) FROM users WHERE ${LISTENERS}),
         (SELECT max(updated_at) FROM pi_payments WHERE status = 'completed'),
         date_trunc('day', now())) AS fp`,
      [],
    )) as Array<{ fp: string }>;
    return row!.fp;
  }

  async function computeStats(): Promise<Stats> {
    // The few non-listener accounts (the catalog's system account) are left out through their own small
    // index rather than by joining every user; revenue sums each distinct amount once.
    const [row] = (await db.query(
      `SELECT
         (SELECT count(*) FROM users WHERE ${LISTENERS})::int AS total,
         (SELECT count(*) FROM memberships m WHERE ${ACTIVE_PREMIUM}
            AND m.user_id <> ALL (ARRAY(SELECT id FROM users WHERE kind NOT IN ('guest', 'pi'))))::int AS premium,
         (SELECT coalesce(sum(amount::numeric * n), 0) FROM
            (SELECT amount, count(*) AS n FROM pi_payments WHERE status = 'completed' GROUP BY amount) paid
         )::float8 AS revenue,
         (SELECT count(*) FROM users WHERE ${LISTENERS} AND created_at >= date_trunc('day', now()))::int AS today,
         (SELECT count(*) FROM users WHERE ${LISTENERS} AND created_at >= now() - interval '7 days')::int AS recent`,
    )) as Array<{ total: number; premium: number; revenue: number; today: number; recent: number }>;
    const r = row!;
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
      const fp = await fingerprint();
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
      const args: unknown[] = [page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(after[0], after[1]);
        keyset = `AND (u.created_at, u.id) < ($2::timestamptz, $3)`;
      }
      if (page.premium !== undefined)
        keyset += ` AND coalesce(${ACTIVE_PREMIUM}, false) = ${page.premium ? "true" : "false"}`;
      const rows = (await db.query(
        `SELECT u.id, u.username, u.kind, p.name, p.image_url, p.nickname, u.created_at,
                coalesce(${ACTIVE_PREMIUM}, false) AS is_premium, m.expires_at
         FROM users u
         LEFT JOIN profiles p ON p.user_id = u.id
         LEFT JOIN memberships m ON m.user_id = u.id
         WHERE u.${LISTENERS} ${keyset}
         ORDER BY u.created_at DESC, u.id DESC LIMIT $1`,
        args,
      )) as AdminUserRow[];
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
          createdAt: new Date(r.created_at).toISOString(),
          expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        }),
        (r) => [new Date(r.created_at).toISOString(), r.id],
      );
    },

    async setAdminRole(userId, isAdmin) {
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

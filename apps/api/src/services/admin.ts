import type { DataSource } from "typeorm";
import type { AdminService } from "@purplebeats/contracts";
import { decodeCursor, toPage } from "../lib/cursor.js";

interface AdminUserRow {
  id: string;
  name: string | null;
  image_url: string | null;
  nickname: string | null;
  created_at: Date;
  is_premium: boolean;
  expires_at: Date | null;
}

/** Listeners: guests and Pi users, not the system account that owns the catalog. */
const LISTENERS = `kind IN ('guest', 'pi')`;
const ACTIVE_PREMIUM = `m.is_premium AND m.expires_at > now()`;

export function createAdminService(db: DataSource): AdminService {
  return {
    async stats() {
      const [row] = (await db.query(
        `SELECT
           (SELECT count(*) FROM users WHERE ${LISTENERS})::int AS total,
           (SELECT count(*) FROM memberships m JOIN users u ON u.id = m.user_id
             WHERE ${ACTIVE_PREMIUM} AND u.${LISTENERS})::int AS premium,
           (SELECT coalesce(sum(amount::numeric), 0) FROM pi_payments WHERE status = 'completed')::float8 AS revenue,
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
    },

    async users(page) {
      const after = decodeCursor(page.cursor, ["s", "s"] as const) as [string, string] | null;
      const args: unknown[] = [page.limit + 1];
      let keyset = "";
      if (after) {
        args.push(after[0], after[1]);
        keyset = `AND (u.created_at, u.id) < ($2::timestamptz, $3)`;
      }
      const rows = (await db.query(
        `SELECT u.id, p.name, p.image_url, p.nickname, u.created_at,
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
          isPremium: r.is_premium,
          createdAt: new Date(r.created_at).toISOString(),
          expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
        }),
        (r) => [new Date(r.created_at).toISOString(), r.id],
      );
    },
  };
}

// The admin dashboard's figures and its list of listeners: aggregates over every user, membership and
// payment (counts, a revenue sum, windows of the database's clock), so they stay hand-written.
import { activeMembershipSql } from "@purplebeats/contracts";
import type { PreparedQuery } from "./prepared-query.js";
import { changedRows, selectRow, selectRows, type Queryable } from "./sql.js";
import { must } from "./must.js";

/** Listeners: guests and Pi users, not the system account that owns the catalog. */
const LISTENERS = `kind IN ('guest', 'pi')`;
const ACTIVE_PREMIUM = activeMembershipSql("m");

/**
 * What a new listener or a completed payment changes (and the day, for today's listeners): the newest
 * listener's and the newest completed payment's times, two index lookups, prepared on PostgreSQL.
 */
export async function statsFingerprint(prepared: PreparedQuery): Promise<string> {
  const [row] = await prepared<{ fp: string }>(
    `SELECT concat_ws('|',
       (SELECT max(created_at) FROM users WHERE ${LISTENERS}),
       (SELECT max(updated_at) FROM pi_payments WHERE status = 'completed'),
       date_trunc('day', now())) AS fp`,
    [],
  );
  // A SELECT without FROM answers exactly one row.
  return must(row, "a SELECT without FROM answers one row").fp;
}

export interface ListenerFiguresRow {
  total: number;
  premium: number;
  /** Sum of completed payments, float8. */
  revenue: number;
  /** Listeners since midnight (the database's day). */
  today: number;
  /** Listeners of the last 7 days. */
  recent: number;
}

/**
 * The dashboard's figures in one statement. The few non-listener accounts (the catalog's system account)
 * are left out through their own small index rather than by joining every user; revenue sums each
 * distinct amount once.
 */
export async function listenerFigures(db: Queryable): Promise<ListenerFiguresRow> {
  const row = await selectRow<ListenerFiguresRow>(
    db,
    `SELECT
       (SELECT count(*) FROM users WHERE ${LISTENERS})::int AS total,
       (SELECT count(*) FROM memberships m WHERE ${ACTIVE_PREMIUM}
          AND m.user_id <> ALL (ARRAY(SELECT id FROM users WHERE kind NOT IN ('guest', 'pi'))))::int AS premium,
       (SELECT coalesce(sum(amount::numeric * n), 0) FROM
          (SELECT amount, count(*) AS n FROM pi_payments WHERE status = 'completed' GROUP BY amount) paid
       )::float8 AS revenue,
       (SELECT count(*) FROM users WHERE ${LISTENERS} AND created_at >= date_trunc('day', now()))::int AS today,
       (SELECT count(*) FROM users WHERE ${LISTENERS} AND created_at >= now() - interval '7 days')::int AS recent`,
    [],
  );
  // A SELECT without FROM answers exactly one row.
  return must(row, "a SELECT without FROM answers one row");
}

export interface AdminUserRow {
  id: string;
  name: string | null;
  image_url: string | null;
  nickname: string | null;
  username: string;
  kind: string;
  is_admin: boolean;
  created_at: Date;
  is_premium: boolean;
  expires_at: Date | null;
}

export interface AdminUsersFilter {
  limit: number;
  /** The last row of the previous page: its created_at (ISO) and id. */
  after: readonly [createdAt: string, id: string] | null;
  /** Only members (true) or only free listeners (false); both when undefined. */
  premium: boolean | undefined;
}

/** Listeners newest first, with their profile and membership. */
export function adminUsersPage(db: Queryable, { limit, after, premium }: AdminUsersFilter) {
  const args: unknown[] = [limit];
  let keyset = "";
  if (after) {
    args.push(after[0], after[1]);
    keyset = `AND (u.created_at, u.id) < ($2::timestamptz, $3)`;
  }
  if (premium !== undefined)
    keyset += ` AND coalesce(${ACTIVE_PREMIUM}, false) = ${premium ? "true" : "false"}`;
  return selectRows<AdminUserRow>(
    db,
    `SELECT u.id, u.username, u.kind, u.is_admin, p.name, p.image_url, p.nickname, u.created_at,
            coalesce(${ACTIVE_PREMIUM}, false) AS is_premium, m.expires_at
     FROM users u
     LEFT JOIN profiles p ON p.user_id = u.id
     LEFT JOIN memberships m ON m.user_id = u.id
     WHERE u.${LISTENERS} ${keyset}
     ORDER BY u.created_at DESC, u.id DESC LIMIT $1`,
    args,
  );
}

/** Gives or takes the admin role; false when no user has this uid (they have not signed in yet). */
export async function setAdminRole(db: Queryable, uid: string, admin: boolean): Promise<boolean> {
  const rows = await changedRows<{ id: string }>(
    db,
    `UPDATE users SET is_admin = $2 WHERE id = $1 RETURNING id`,
    [uid, admin],
  );
  return rows.length > 0;
}

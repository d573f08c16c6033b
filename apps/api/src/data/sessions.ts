// Resolving the session cookie runs on every API request: one UPDATE ... RETURNING both checks the
// session and slides its expiry, hand-written so it stays one statement and one round trip.
import type { DataSource } from "typeorm";
import { changedRows } from "./sql.js";

/** The user of a live session, whose expiry moves `ttlSeconds` ahead; undefined when none. */
export async function renewSession(db: DataSource, id: string, ttlSeconds: number) {
  const [row] = await changedRows<{ user_id: string }>(
    db,
    `UPDATE sessions SET expires_at = now() + make_interval(secs => $2)
     WHERE id = $1 AND expires_at > now()
     RETURNING user_id`,
    [id, ttlSeconds],
  );
  return row?.user_id;
}

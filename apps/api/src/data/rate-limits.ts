// Counting an attempt runs on every rate-limited call (plays included): one upsert that answers the
// window's count, hand-written so it stays one statement and one round trip.
import type { DataSource } from "typeorm";
import { selectRow } from "./sql.js";

/** Adds one to the key's counter for the window starting at `windowStart` (seconds) and answers it. */
export async function countAttempt(db: DataSource, key: string, windowStart: number) {
  const row = await selectRow<{ count: number }>(
    db,
    `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, to_timestamp($2), 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
     RETURNING count`,
    [key, windowStart],
  );
  return Number(row?.count ?? 0);
}

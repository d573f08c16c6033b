// Upload grants read with the database's clock (whether a grant has expired is the database's answer,
// as the claim's `expires_at > now()` is), and the byte budgets: sums over a user's and an address's uploads.
import type { DataSource } from "typeorm";
import { selectRow } from "./sql.js";

export interface GrantRow {
  id: string;
  user_id: string;
  client_ip: string | null;
  kind: string;
  used_at: Date | null;
  expired: boolean;
}
const GRANT_COLUMNS = `id, user_id, client_ip, kind, used_at, expires_at < now() AS expired`;

/** The grant whose upload URL carries this token hash. */
export const grantById = (db: DataSource, id: string) =>
  selectRow<GrantRow>(db, `SELECT ${GRANT_COLUMNS} FROM uploads WHERE id = $1`, [id]);

/** The grant that reserved this object key (S3: the browser writes the object itself). */
export const grantByObjectKey = (db: DataSource, key: string) =>
  selectRow<GrantRow>(db, `SELECT ${GRANT_COLUMNS} FROM uploads WHERE object_key = $1`, [key]);

/** An audio grant (admins' catalog uploads) by its token hash, with its reserved key under `keyPrefix`. */
export const audioGrantById = (db: DataSource, id: string, keyPrefix: string) =>
  selectRow<GrantRow & { object_key: string }>(
    db,
    `SELECT ${GRANT_COLUMNS}, object_key FROM uploads WHERE id = $1 AND object_key LIKE $2`,
    [id, `${keyPrefix}%`],
  );

/** An audio grant by the object key it reserved. */
export const audioGrantByObjectKey = (db: DataSource, key: string) =>
  selectRow<GrantRow>(db, `SELECT ${GRANT_COLUMNS} FROM uploads WHERE object_key = $1 AND kind = 'audio'`, [
    key,
  ]);

export interface StoredBytes {
  /** bigint sums: node-postgres answers them as text. */
  mine: string;
  address: string;
}

/** Bytes the user keeps stored, and bytes the address stored in the last day (whoever signed in). */
export const storedBytes = (db: DataSource, userId: string, clientIp: string | null) =>
  selectRow<StoredBytes>(
    db,
    `SELECT (SELECT coalesce(sum(size), 0) FROM uploads WHERE user_id = $1 AND used_at IS NOT NULL)::bigint AS mine,
            (SELECT coalesce(sum(size), 0) FROM uploads WHERE client_ip = $2 AND used_at IS NOT NULL
              AND created_at > now() - interval '1 day')::bigint AS address`,
    [userId, clientIp],
  );

// Session-level advisory locks held on one connection (a QueryRunner), released by hand or with the
// connection: the instance that migrates and seeds at startup holds one while the others wait.
import type { QueryRunner } from "typeorm";

type Connection = Pick<QueryRunner, "query">;

/** pg_advisory_lock: waits until no other connection holds `key`, then holds it. */
export async function waitForAdvisoryLock(connection: Connection, key: number) {
  await connection.query("SELECT pg_advisory_lock($1)", [key]);
}

export async function releaseAdvisoryLock(connection: Connection, key: number) {
  await connection.query("SELECT pg_advisory_unlock($1)", [key]);
}

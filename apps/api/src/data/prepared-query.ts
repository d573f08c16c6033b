// Statements that run on every read, and whose plan never depends on the values (primary-key and
// foreign-key lookups), are prepared once per connection of the main pool: PostgreSQL then stops planning
// them on each call (planning the playlist lookup cost about 1 ms, running it 0.1 ms). PGlite, reached
// through its own driver, runs them as ordinary queries.
import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";

export type PreparedQuery = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** The part of node-postgres's pool (TypeORM's driver holds it) used here. */
interface NamedStatementPool {
  query(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

export function preparedQuery(db: DataSource): PreparedQuery {
  const pool = (db.driver as unknown as { master?: NamedStatementPool }).master;
  const viaUrl = db.options.type === "postgres" && "url" in db.options && Boolean(db.options.url);
  if (!viaUrl || typeof pool?.query !== "function") return (sql, params) => db.query(sql, params);
  const names = new Map<string, string>();
  return async <T>(sql: string, params: unknown[]) => {
    let name = names.get(sql);
    if (name === undefined) {
      name = `pb_${createHash("sha1").update(sql).digest("hex").slice(0, 24)}`;
      names.set(sql, name);
    }
    return (await pool.query({ name, text: sql, values: params })).rows as T[];
  };
}

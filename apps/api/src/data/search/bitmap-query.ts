// Search reads rare matches through bitmap index scans only. A statement like
// `SELECT ... WHERE <indexed condition> LIMIT 200` may otherwise be planned, on a misestimate, as a walk
// over a million songs that stops at the 200th match; the planner settings below forbid that.
//
// On PostgreSQL those settings belong to a small pool of connections of their own (set once, when a
// connection opens), so each such statement is one round trip. The per-statement alternative, a
// transaction with SET LOCAL, costs three more round trips and holds a connection across them. PGlite
// has one connection: there the transaction is used.
import { createHash } from "node:crypto";
import type { DataSource } from "typeorm";
import type { CompiledQuery } from "kysely";
import { selectRows } from "../sql.js";
import { must } from "../must.js";

/** Connections kept for bitmap-only statements (the main pool keeps its own). */
const BITMAP_POOL_SIZE = 6;
/** Idle bitmap connections are closed after this long, as the main pool does (a new one plans slowly at first). */
const BITMAP_IDLE_MS = 30_000;
const SETTINGS = {
  enable_seqscan: "off",
  enable_indexscan: "off",
  enable_indexonlyscan: "off",
  // A short statement never pays for JIT compilation, nor for starting parallel workers (10-40 ms).
  jit: "off",
  max_parallel_workers_per_gather: "0",
};
/**
 * On PostgreSQL the statements are also prepared once per connection (named by their text) and run
 * with a generic plan: planning a search statement cost as much as running it (1-5 ms). Search writes
 * them so that no plan depends on a parameter's value (no LIKE prefix on a btree: explicit ranges).
 */
const PREPARED = { plan_cache_mode: "force_generic_plan" };

export type BitmapQuery = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/** Runs a compiled statement with bitmap index scans only; its rows typed by the statement. */
export const runBitmapQuery = <Row>(withBitmaps: BitmapQuery, query: CompiledQuery<Row>) =>
  withBitmaps<Row>(query.sql, [...query.parameters]);

/** The slice of node-postgres that TypeORM's postgres driver holds (its `postgres` module, its pool). */
interface PgPool {
  options: Record<string, unknown>;
  query(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  on(event: "error", listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}
interface PgDriver {
  master?: PgPool;
  postgres?: { Pool: new (options: Record<string, unknown>) => PgPool };
}

/** The bitmap-only pool of each database, so that shutting down can close it with the database. */
const pools = new WeakMap<DataSource, PgPool>();

/** Closes the bitmap-only connections of a database (before the database itself closes). */
export async function closeBitmapConnections(db: DataSource): Promise<void> {
  const pool = pools.get(db);
  pools.delete(db);
  await pool?.end();
}

/** The bitmap-only pool of a database once opened (PostgreSQL only), for /metrics. */
export const bitmapPool = (db: DataSource): object | undefined => pools.get(db);

/** A runner for statements that must be planned with bitmap index scans only. */
export function bitmapQuery(db: DataSource): BitmapQuery {
  const driver = db.driver as unknown as PgDriver;
  const options = driver.master?.options;
  // PGlite is reached through a custom connection (no URL): one connection, so a transaction per statement.
  if (!db.options.type.startsWith("postgres") || !("url" in db.options && db.options.url) || !options)
    return inTransaction(db);
  const open = () => {
    const settings = Object.entries({ ...SETTINGS, ...PREPARED })
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" ");
    const { Pool } = must(driver.postgres, "a postgres DataSource has loaded pg");
    const created = new Pool({
      ...options,
      max: BITMAP_POOL_SIZE,
      idleTimeoutMillis: BITMAP_IDLE_MS,
      allowExitOnIdle: true,
      options: [options.options, settings].filter(Boolean).join(" "),
    });
    // An idle connection closed by the server (a restart, a dropped test database) is only dropped
    // from the pool; the next statement opens a new one.
    created.on("error", () => {});
    pools.set(db, created);
    return created;
  };
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) {
      name = `search_${createHash("sha1").update(sql).digest("hex").slice(0, 20)}`;
      names.set(sql, name);
    }
    return name;
  };
  return async <T>(sql: string, params: unknown[]) => {
    const pool = pools.get(db) ?? open();
    return (await pool.query({ name: nameOf(sql), text: sql, values: params })).rows as T[];
  };
}

function inTransaction(db: DataSource): BitmapQuery {
  const set = Object.entries(SETTINGS)
    .map(([name, value]) => `SET LOCAL ${name} = ${value}`)
    .join("; ");
  return <T>(sql: string, params: unknown[]) =>
    db.transaction(async (manager) => {
      await manager.query(set);
      return selectRows<T>(manager, sql, params);
    });
}

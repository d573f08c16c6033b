// The one place a statement's rows get their type. A statement built with Kysely (`builder`, or its `sql`
// tag) carries its row type, taken from the migrated schema's types, and `run` answers rows of that type;
// older modules declare a row type to `selectRows`. Call sites read typed rows and never cast a query result.
// Which SQL goes through TypeORM, which through Kysely and which is written by hand: docs/adr/0002 and 0008.
import type { DbSchema } from "@purplebeats/db/schema-types";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from "kysely";
import type { DataSource, EntityManager } from "typeorm";
import type { PreparedQuery } from "./prepared-query.js";

/** A DataSource or a transaction's EntityManager: both run hand-written SQL. */
export type Queryable = Pick<DataSource | EntityManager, "query">;

/** Runs a SELECT (or INSERT ... RETURNING) and answers its rows. */
export function selectRows<Row>(db: Queryable, sql: string, params: readonly unknown[]): Promise<Row[]> {
  return db.query<Row[]>(sql, [...params]);
}

/** The first row of a SELECT, or undefined. */
export async function selectRow<Row>(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<Row | undefined> {
  const [row] = await selectRows<Row>(db, sql, params);
  return row;
}

/**
 * Runs an UPDATE or DELETE ... RETURNING. TypeORM's postgres driver answers those as
 * [rows, affected count] rather than the rows alone, so the rows are taken out here.
 */
export async function changedRows<Row>(
  db: Queryable,
  sql: string,
  params: readonly unknown[],
): Promise<Row[]> {
  const [rows] = await db.query<[Row[], number]>(sql, [...params]);
  return rows;
}

/**
 * Kysely as a compiler only: statements are built against the migrated schema's types
 * (@purplebeats/db/schema-types), compiled to `{ sql, parameters }` and run through the Queryable above, so
 * they share the one pool, its transactions and the PGlite/PostgreSQL parity (docs/adr/0008-typed-queries-with-kysely.md).
 */
export const builder = new Kysely<DbSchema>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** TypeORM's postgres driver answers UPDATE and DELETE as [rows, affected count]; every other row is an object. */
const isChangeResult = (result: unknown[]): result is [unknown[], number] =>
  result.length === 2 && Array.isArray(result[0]) && typeof result[1] === "number";

/** Runs a compiled statement and answers its rows, typed by the statement. */
export async function run<Row>(db: Queryable, query: CompiledQuery<Row>): Promise<Row[]> {
  const result = await db.query<unknown[]>(query.sql, [...query.parameters]);
  return (isChangeResult(result) ? result[0] : result) as Row[];
}

/** The first row of a compiled statement, or undefined. */
export async function runOne<Row>(db: Queryable, query: CompiledQuery<Row>): Promise<Row | undefined> {
  const [row] = await run(db, query);
  return row;
}

/** A hot compiled statement through the pool's prepared statements (data/prepared-query.ts). */
export function runPrepared<Row>(prepared: PreparedQuery, query: CompiledQuery<Row>): Promise<Row[]> {
  return prepared<Row>(query.sql, [...query.parameters]);
}

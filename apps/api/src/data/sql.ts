// The one place a hand-written statement's rows get their declared type. Query modules in this folder
// call these with a row type; the call sites then read typed rows and never cast a query result. Which SQL
// is hand-written and which goes through TypeORM: docs/adr/0002-typeorm-with-hand-written-sql.md.
import type { DataSource, EntityManager } from "typeorm";

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

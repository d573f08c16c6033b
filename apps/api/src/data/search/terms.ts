// The typo dictionary's statements: folding the queue of changed words (search_term_changes, filled by
// triggers) into search_terms under an advisory lock, and reading the words back when their version moves.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "../sql.js";

/** Whether this transaction holds the fold's advisory lock (another instance may be folding). */
export const tryTransactionLock = async (tx: Queryable, key: number) =>
  (
    await runOne(
      tx,
      sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${key}) AS locked`.compile(builder),
    )
  )?.locked === true;

/** Folds the queued word changes into search_terms, drops words no document has left, bumps the version. */
export async function foldTermChanges(tx: Queryable): Promise<void> {
  const pending = await runOne(
    tx,
    builder
      .selectNoFrom((eb) => eb.exists(eb.selectFrom("search_term_changes").select("id")).as("any"))
      .compile(),
  );
  if (!pending?.any) return;
  await run(
    tx,
    sql`WITH drained AS (DELETE FROM search_term_changes RETURNING term, delta)
      INSERT INTO search_terms (term, docs) SELECT term, sum(delta)::int FROM drained GROUP BY term
      ON CONFLICT (term) DO UPDATE SET docs = search_terms.docs + excluded.docs`.compile(builder),
  );
  await run(tx, builder.deleteFrom("search_terms").where("docs", "<=", 0).compile());
  await run(
    tx,
    builder
      .updateTable("search_terms_version")
      .set({ version: sql`version + 1` })
      .compile(),
  );
}

/** The words' version, as text (a bigint), or undefined before the first fold. */
export const termsVersion = async (db: Queryable) =>
  (
    await runOne(
      db,
      builder
        .selectFrom("search_terms_version")
        .select(sql<string>`version::text`.as("version"))
        .compile(),
    )
  )?.version;

/** Every word with the number of documents holding it. */
export const allTerms = (db: Queryable) =>
  run(db, builder.selectFrom("search_terms").select(["term", "docs"]).compile());

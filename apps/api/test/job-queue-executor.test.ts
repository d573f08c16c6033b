// pg-boss installs its schema as one 'BEGIN; ...; COMMIT' text and swallows the error of a lost race with
// another instance. Found when two instances started at once on a fresh database: the failed text left its
// connection in an aborted transaction, and every later query on it answered 500.
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testBackends, type TestDatabase } from "@purplebeats/db/testing";
import { isLostInstallRace, startJobQueue, typeormExecutor } from "../src/infra/job-queue.js";

const opened: TestDatabase[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

const backends = testBackends("pg-boss's SQL runs through the pg driver's pool, not PGlite's one connection");
describe.each(backends)("pg-boss's SQL executor (%s)", (kind) => {
  it("leaves no aborted transaction behind when a transaction text fails", async () => {
    const db = await createTestDatabase(kind);
    opened.push(db);
    const executor = typeormExecutor(db.dataSource);
    await expect(executor.executeSql("BEGIN; SELECT 1 / 0; COMMIT;")).rejects.toThrow(/division by zero/);
    // Every connection of the pool answers afterwards (PGlite has one; PostgreSQL's pool is asked in parallel).
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => executor.executeSql("SELECT 1 AS one")),
    );
    for (const answer of answers) expect(answer.rows).toEqual([{ one: 1 }]);
  });

  it("starts two queues at once on a fresh database: the one that loses the install race starts too", async () => {
    const log = { error: () => {} };
    // PGlite's one connection runs the two install texts one after the other: the second loses every time, so
    // one round shows it. PostgreSQL's installs overlap by chance, so it gets several.
    const rounds = kind === "postgres" ? 3 : 1;
    for (let round = 0; round < rounds; round++) {
      const db = await createTestDatabase(kind);
      opened.push(db);
      const queues = await Promise.all([
        startJobQueue(db.dataSource, log),
        startJobQueue(db.dataSource, log),
      ]);
      for (const queue of queues) await queue.stop();
    }
  });
});

describe("a lost install race", () => {
  it("is PostgreSQL's duplicate schema or pg-boss's 'already exists', and nothing else", () => {
    const duplicate = 'duplicate key value violates unique constraint "pg_namespace_nspname_index"';
    expect(isLostInstallRace(new Error(duplicate))).toBe(true);
    expect(isLostInstallRace(new Error('type "job_state" already exists'))).toBe(true);
    expect(isLostInstallRace(new Error("connection refused"))).toBe(false);
    expect(isLostInstallRace("already exists")).toBe(false);
  });
});

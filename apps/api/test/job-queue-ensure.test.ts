// Instances that start at once on one PostgreSQL database make the same queues at the same moment: each must
// find its queue there when it goes on to schedule or send to it, whichever instance made it.
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "@purplebeats/db/testing";
import { ensureQueue, startJobQueue, type JobQueue } from "../src/infra/job-queue.js";

const opened: Array<{ queue: JobQueue; db?: TestDatabase }> = [];
afterAll(async () => {
  for (const { queue, db } of opened.reverse()) {
    await queue.stop();
    await db?.close();
  }
});

const silent = { error: () => undefined };

describe.skipIf(!testDatabaseUrl())("queues made by two instances at once (postgres)", () => {
  it("are there for each instance as soon as it has ensured them", async () => {
    const db = await createTestDatabase("postgres");
    const { openDatabase } = await import("@purplebeats/db");
    const other = await openDatabase({ databaseUrl: db.url!, poolSize: 5 });
    const a = await startJobQueue(db.dataSource, silent);
    opened.push({ queue: a, db });
    const b = await startJobQueue(other.dataSource, silent);
    opened.push({ queue: b, db: { ...other, url: db.url, close: () => other.close() } });

    const names = Array.from({ length: 12 }, (_, i) => `race-${i}`);
    const failures: string[] = [];
    // Each instance makes its queues one after another, as a server's start does; both start at once.
    await Promise.all(
      [a, b].map(async (queue, instance) => {
        for (const name of names) {
          try {
            await ensureQueue(queue.boss, name, { policy: "stately", retryLimit: 1 });
            await queue.boss.schedule(name, "30 0 1 * *", {}, { tz: "UTC" });
            await queue.boss.send(name, { instance });
          } catch (error) {
            failures.push(`${name} on instance ${instance}: ${(error as Error).message}`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  });
});

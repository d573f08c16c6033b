// The queue's workers poll every IDLE_POLL_SECONDS when idle (each poll is a query; on PGlite one that runs
// on the event loop), but a job this instance sends is fetched at once, and a queue being drained goes from
// one job to the next without waiting for the poll.
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, testBackends, type TestDatabase } from "@purplebeats/db/testing";
import { IDLE_POLL_SECONDS, queueWorkers, startJobQueue, type JobQueue } from "../src/infra/job-queue.js";

const opened: Array<{ queue: JobQueue; db: TestDatabase }> = [];
afterAll(async () => {
  for (const { queue, db } of opened) {
    await queue.stop();
    await db.close();
  }
});

const silent = { error: () => undefined };
/** Well under the idle poll: a job that waited for the poll would miss it. */
const PROMPT_MS = (IDLE_POLL_SECONDS * 1000) / 3;

const backends = testBackends("pg-boss's workers poll and lock jobs through a real pool");
describe.each(backends)("the queue's workers (%s)", (kind) => {
  it("fetch a job this instance sends at once, and drain a queue job after job without the idle poll", async () => {
    const db = await createTestDatabase(kind);
    const queue = await startJobQueue(db.dataSource, silent);
    opened.push({ queue, db });
    await queue.boss.createQueue("test-prompt", { name: "test-prompt" });
    const workers = queueWorkers<{ n: number }>(queue.boss, "test-prompt");
    const done: Array<{ n: number; at: number }> = [];
    await workers.start(1, async ([job]) => {
      if (job) done.push({ n: job.data.n, at: Date.now() });
    });
    // The worker's first fetch found nothing: it is waiting for its poll now.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const sentAt = Date.now();
    await workers.send({ n: 1 });
    await expect.poll(() => done.length, { timeout: PROMPT_MS, interval: 20 }).toBe(1);
    expect(done[0]!.at - sentAt).toBeLessThan(PROMPT_MS);

    // Three more sent straight to the database (as another instance would): the first waits for the poll,
    // the next two follow it at once.
    for (const n of [2, 3, 4]) await queue.boss.send("test-prompt", { n });
    await expect.poll(() => done.length, { timeout: (IDLE_POLL_SECONDS + 5) * 1000, interval: 50 }).toBe(4);
    expect(done.map((d) => d.n).sort()).toEqual([1, 2, 3, 4]);
    expect(done[3]!.at - done[1]!.at).toBeLessThan(PROMPT_MS);
  }, 30_000);
});

// What the attacks files share: the world they attack, started once for all of them, and each file's results.
// The world is a worker-scoped fixture, and vitest.config.ts runs the attacks files in one worker without
// isolation, so the first file that asks for it starts it and it stops after the last file: a fresh
// database and Pi simulator, the API as users meet it ("main": admins configured, no rate limits), a
// second instance deployed as the README says ("edge"), the catalog, two premium users with playlists and
// an admin.
import { afterAll, expect, test } from "vitest";
import { uidForUsername } from "@purplebeats/pi/simulator";
import type { PlaylistDto } from "@purplebeats/contracts";
import type { ApiProcess } from "../../src/api-process.js";
import type { Tally } from "../../src/checks.js";
import { runSeed } from "../../src/config.js";
import {
  createPlaylist,
  premiumUser,
  readCatalog,
  type Catalog,
  type PremiumUser,
} from "../../src/fixtures.js";
import { Client } from "../../src/http.js";
import { signInWithPi, type Pioneer } from "../../src/pi.js";
import { SuiteResults } from "../../src/results.js";
import { NO_RATE_LIMITS, startStack, type Stack } from "../../src/stack.js";

/** The Pi username configured in ADMIN_UIDS. */
export const ADMIN = "boss";

export interface AttackWorld {
  stack: Stack;
  main: ApiProcess;
  edge: ApiProcess;
  catalog: Catalog;
  alice: PremiumUser;
  bob: PremiumUser;
  bobPrivate: PlaylistDto;
  bobPublic: PlaylistDto;
  alicePlaylist: PlaylistDto;
  boss: Pioneer;
}

/** `attackTest.beforeAll(({ world }) => …)` gets the shared world. */
export const attackTest = test.extend<{ $worker: { world: AttackWorld } }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      const stack = await startStack("attacks");
      try {
        await use(await startWorld(stack));
      } finally {
        await stack.stop();
      }
    },
    { scope: "worker" },
  ],
});

async function startWorld(stack: Stack): Promise<AttackWorld> {
  const admins = { ADMIN_UIDS: uidForUsername(ADMIN) };
  const main = stack.api("attacks", { ...NO_RATE_LIMITS, ...admins });
  // Behind a proxy (X-Forwarded-* believed) and with low limits, for HSTS and brute force. Deployed as
  // the README says: no NODE_ENV, so the mode comes from DATABASE_URL (production).
  const edge = stack.api("attacks-edge", {
    ...admins,
    NODE_ENV: undefined,
    TRUST_PROXY: "1",
    RATE_LIMIT_SIGNIN: "5",
    RATE_LIMIT_PAYMENT: "5",
    RATE_LIMIT_UPLOAD: "5",
  });
  await main.start();
  await edge.start();
  const catalog = await readCatalog(main.url);
  const alice = await premiumUser(stack.sim, main.url, "alice");
  const bob = await premiumUser(stack.sim, main.url, "bob");
  const boss = await signInWithPi(stack.sim, new Client(main.url), ADMIN);
  const priv = await bob.client.post("/api/playlists", { name: "Bob's secret", isPublic: false });
  expect(priv.status).toBe(201);
  const bobPrivate = priv.json as PlaylistDto;
  const bobPublic = await createPlaylist(bob.client, "Bob's public");
  const alicePlaylist = await createPlaylist(alice.client, "Alice's");
  for (const p of [bobPrivate, bobPublic, alicePlaylist]) {
    const owner = p === alicePlaylist ? alice : bob;
    expect(
      (await owner.client.post(`/api/playlists/${p.id}/songs`, { songId: catalog.songs[0]!.id })).status,
    ).toBe(201);
  }
  return { stack, main, edge, catalog, alice, bob, bobPrivate, bobPublic, alicePlaylist, boss };
}

/**
 * A file's results (`test-results/results-<name>.json`, saved after its tests) and its `record`, which
 * adds a test's row and fails the test on any failure.
 */
export function attackSuite(name: string) {
  const seed = runSeed();
  const results = new SuiteResults(name);
  afterAll(() => results.save(seed));
  return {
    seed,
    record(area: string, what: string, t: Tally, extra: { writesLost?: number } = {}) {
      for (const f of t.failures) console.log(`FAIL ${what.slice(0, 40)}… ${f}`);
      results.add({
        area,
        what,
        cases: t.cases,
        failures: t.failures.length,
        writesLost: extra.writesLost ?? 0,
      });
      expect(t.failures).toEqual([]);
    },
  };
}

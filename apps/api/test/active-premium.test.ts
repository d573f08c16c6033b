// "Active premium" is one rule (packages/contracts/src/active-premium.ts): the SQL the API reads with and
// the TypeScript the web app shows with give the same answer on each boundary, on a real database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeMembershipSql, isMembershipActive, type MembershipState } from "@purplebeats/contracts";
import { createTestDatabase, type TestDatabase } from "@purplebeats/db/testing";

const now = new Date("2026-03-01T12:00:00.000Z");
const at = (ms: number) => new Date(now.getTime() + ms);

const cases: [name: string, membership: MembershipState, active: boolean][] = [
  ["no membership row", null, false],
  ["premium, no expiry", { isPremium: true, expiresAt: null }, false],
  ["premium, expired a millisecond ago", { isPremium: true, expiresAt: at(-1) }, false],
  ["premium, expiring this instant", { isPremium: true, expiresAt: now }, false],
  ["premium, a millisecond left", { isPremium: true, expiresAt: at(1) }, true],
  ["premium, a month left", { isPremium: true, expiresAt: at(30 * 86_400_000) }, true],
  ["flag off, expiry ahead", { isPremium: false, expiresAt: at(86_400_000) }, false],
  ["flag off, no expiry", { isPremium: false, expiresAt: null }, false],
];

describe("active premium: SQL and TypeScript agree", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await db?.close();
  });

  it.each(cases)("%s", async (_name, membership, active) => {
    expect(isMembershipActive(membership, now)).toBe(active);
    // As the reads use it: a LEFT JOIN that may find no row, coalesced to false.
    const [row] = (await db.dataSource.query(
      `SELECT coalesce(${activeMembershipSql("m", "$1::timestamptz")}, false) AS active
       FROM (SELECT 1) one
       LEFT JOIN (VALUES ($2::boolean, $3::timestamptz)) AS m(is_premium, expires_at) ON $4::boolean`,
      [now, membership?.isPremium ?? false, membership?.expiresAt ?? null, membership != null],
    )) as { active: boolean }[];
    expect(row!.active).toBe(active);
  });
});

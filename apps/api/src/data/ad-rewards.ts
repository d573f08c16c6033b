// Rewarded ads' rewards: one row per Pi ad id (its primary key), so that an ad rewards once however often,
// or however many times at once, it is claimed.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";

/**
 * Records the ad's reward for the listener: skips until `minutes` after the later of now and the end of the
 * skips they already have. Undefined when the ad was rewarded before (to anyone).
 */
export async function grantSkips(db: Queryable, adId: string, userId: string, minutes: number) {
  const runningUntil = builder
    .selectFrom("ad_rewards")
    .select(sql<Date>`max(skips_until)`.as("until"))
    .where("user_id", "=", userId);
  const row = await runOne(
    db,
    builder
      .insertInto("ad_rewards")
      .values({
        ad_id: adId,
        user_id: userId,
        skips_until: sql<Date>`GREATEST(now(), coalesce((${runningUntil}), now())) + make_interval(mins => ${minutes})`,
      })
      .onConflict((oc) => oc.column("ad_id").doNothing())
      .returning("skips_until")
      .compile(),
  );
  return row?.skips_until;
}

/** Until when the listener's skips run, if they run now. */
export async function runningSkipsUntil(db: Queryable, userId: string): Promise<Date | undefined> {
  const row = await runOne(
    db,
    builder
      .selectFrom("ad_rewards")
      .select("skips_until")
      .where("user_id", "=", userId)
      .where("skips_until", ">", sql<Date>`now()`)
      .orderBy("skips_until", "desc")
      .limit(1)
      .compile(),
  );
  return row?.skips_until;
}

/** The listener's rewarded ads, for their data export. */
export const exportAdRewards = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("ad_rewards")
      .select(["ad_id", "granted_at", "skips_until"])
      .where("user_id", "=", userId)
      .orderBy("granted_at")
      .compile(),
  );

/**
 * Erases the listener from their rewarded ads: the rows stay, without them, so that their ads remain spent
 * (an ad id replayed by another account is still refused).
 */
export const eraseAdRewards = (db: Queryable, userId: string) =>
  run(db, builder.updateTable("ad_rewards").set({ user_id: null }).where("user_id", "=", userId).compile());

// The monthly premium share's records: the month's inputs read from the payments and the counted plays,
// and its split written once (the month's row is the claim: a second run, or a run at the same moment in
// another instance, finds it and writes nothing), with each credit in the artists' ledger.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";
import { DELETED_ACCOUNT_ID } from "./listener-data.js";

export interface MonthRange {
  /** 'YYYY-MM' */
  month: string;
  from: Date;
  /** The first instant after the month. */
  to: Date;
}

/**
 * Premium payments completed within the month (a payment's row is last changed when it completes), by the
 * member who paid. An erased account's payments no longer name a member: they are left out.
 */
const premiumPaymentsIn = (range: MonthRange, productId: string) =>
  sql`SELECT p.user_id, p.amount FROM pi_payments p
    WHERE p.status = 'completed' AND p.updated_at >= ${range.from} AND p.updated_at < ${range.to}
      AND p.user_id <> ${DELETED_ACCOUNT_ID} AND p.metadata IS NOT NULL
      AND (p.metadata::jsonb ->> 'productId') = ${productId}`;

export const premiumPaymentsOfMonth = (db: Queryable, range: MonthRange, productId: string) =>
  run(
    db,
    sql<{ user_id: string; amount: string }>`SELECT m.user_id, round(m.amount::numeric, 7)::text AS amount
      FROM (${premiumPaymentsIn(range, productId)}) m ORDER BY m.user_id`.compile(builder),
  );

/** Each paying member's counted plays of each artist within the month. */
export const memberPlaysOfMonth = (db: Queryable, range: MonthRange, productId: string) =>
  run(
    db,
    sql<{ user_id: string; artist_id: string; plays: number }>`SELECT cp.user_id, s.artist_id, count(*)::int AS plays
      FROM counted_plays cp JOIN songs s ON s.id = cp.song_id
      WHERE cp.counted_at >= ${range.from} AND cp.counted_at < ${range.to} AND s.artist_id IS NOT NULL
        AND cp.user_id IN (SELECT m.user_id FROM (${premiumPaymentsIn(range, productId)}) m)
      GROUP BY cp.user_id, s.artist_id`.compile(builder),
  );

/** Of these artists, the ones with an approved artist account (verified): the only ones credited. */
export async function artistsWithAccounts(db: Queryable, artistIds: string[]) {
  if (artistIds.length === 0) return new Set<string>();
  const rows = await run(
    db,
    builder
      .selectFrom("artists")
      .select("id")
      .where("id", "in", artistIds)
      .where("verified_at", "is not", null)
      .compile(),
  );
  return new Set(rows.map((r) => r.id));
}

export interface MonthRow {
  month: string;
  sharePercent: number;
  revenue: string;
  pool: string;
  members: number;
  membersWithoutPlays: number;
  credited: string;
  keptByPlatform: string;
}

export interface ArtistShareRow {
  artistId: string;
  amount: string;
  members: number;
  qualifyingPlays: number;
  credited: boolean;
}

/** The ledger's source of an artist's share of a month: one credit per artist and month. */
export const premiumShareSource = (month: string, artistId: string) => `premium-share:${month}:${artistId}`;

/**
 * Writes the month's split and its credits, in the caller's transaction, unless the month is written
 * already; true when this call wrote it.
 */
export async function saveMonthSplit(tx: Queryable, month: MonthRow, shares: ArtistShareRow[]) {
  const claimed = await runOne(
    tx,
    builder
      .insertInto("premium_share_months")
      .values({
        month: month.month,
        share_percent: String(month.sharePercent),
        revenue: month.revenue,
        pool: month.pool,
        members: month.members,
        members_without_plays: month.membersWithoutPlays,
        credited: month.credited,
        kept_by_platform: month.keptByPlatform,
      })
      .onConflict((oc) => oc.column("month").doNothing())
      .returning("month")
      .compile(),
  );
  if (!claimed) return false;
  if (shares.length === 0) return true;
  await run(
    tx,
    builder
      .insertInto("artist_premium_shares")
      .values(
        shares.map((s) => ({
          artist_id: s.artistId,
          month: month.month,
          amount: s.amount,
          members: s.members,
          qualifying_plays: s.qualifyingPlays,
          credited: s.credited,
        })),
      )
      .compile(),
  );
  const credits = shares.filter((s) => s.credited);
  if (credits.length > 0)
    await run(
      tx,
      builder
        .insertInto("artist_ledger")
        .values(
          credits.map((s) => ({
            account: "artist",
            artist_id: s.artistId,
            kind: "premium_share",
            amount: s.amount,
            source: premiumShareSource(month.month, s.artistId),
          })),
        )
        .onConflict((oc) => oc.columns(["source", "account"]).doNothing())
        .compile(),
    );
  return true;
}

const MONTH_COLUMNS = [
  "m.month",
  "m.share_percent",
  "m.revenue",
  "m.pool",
  "m.members",
  "m.members_without_plays",
  "m.credited",
  "m.kept_by_platform",
  "m.computed_at",
] as const;

/** The artist's rows, newest month first, with each month's inputs. */
export const sharesOfArtist = (db: Queryable, artistId: string, limit: number) =>
  run(
    db,
    builder
      .selectFrom("artist_premium_shares as s")
      .innerJoin("premium_share_months as m", "m.month", "s.month")
      .select([
        ...MONTH_COLUMNS,
        "s.amount",
        "s.members as artist_members",
        "s.qualifying_plays",
        "s.credited as artist_credited",
      ])
      .where("s.artist_id", "=", artistId)
      .orderBy("s.month", "desc")
      .limit(limit)
      .compile(),
  );

/** A month's inputs, or undefined while it is not computed. */
export const shareMonth = (db: Queryable, month: string) =>
  runOne(db, builder.selectFrom("premium_share_months as m").select(MONTH_COLUMNS).where("m.month", "=", month).compile());

/** The months computed, newest first. */
export const shareMonths = (db: Queryable, limit: number) =>
  run(db, builder.selectFrom("premium_share_months as m").select(MONTH_COLUMNS).orderBy("m.month", "desc").limit(limit).compile());

/** A month's rows, largest share first, with the artists' names. */
export const sharesOfMonth = (db: Queryable, month: string, limit: number) =>
  run(
    db,
    builder
      .selectFrom("artist_premium_shares as s")
      .innerJoin("artists as a", "a.id", "s.artist_id")
      .select(["s.artist_id", "a.name", "s.amount", "s.members", "s.qualifying_plays", "s.credited"])
      .where("s.month", "=", month)
      .orderBy("s.amount", "desc")
      .orderBy("a.name")
      .limit(limit)
      .compile(),
  );

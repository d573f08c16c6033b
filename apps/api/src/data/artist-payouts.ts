// Artists' payouts (A2U): the row of each step, and the ledger's debit written with the payout, once.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";
import { must } from "./must.js";

const PAYOUT_COLUMNS = ["id", "artist_id", "user_id", "amount", "status", "payment_id", "txid", "created_at"] as const;

export const isManagerOf = async (db: Queryable, artistId: string, userId: string) =>
  (await runOne(
    db,
    builder
      .selectFrom("artist_managers")
      .select("artist_id")
      .where("artist_id", "=", artistId)
      .where("user_id", "=", userId)
      .compile(),
  )) !== undefined;

/** The artist's row locked for this transaction: payouts asked at once take turns over one balance. */
export const lockArtist = (tx: Queryable, artistId: string) =>
  runOne(tx, builder.selectFrom("artists").select("id").where("id", "=", artistId).forUpdate().compile());

export const artistBalance = async (db: Queryable, artistId: string) =>
  (
    await runOne(
      db,
      sql<{ balance: string }>`SELECT coalesce(sum(amount), 0)::text AS balance FROM artist_ledger
        WHERE account = 'artist' AND artist_id = ${artistId}`.compile(builder),
    )
  )?.balance ?? "0";

/** The payout and its debit of the whole balance, in the caller's transaction. */
export async function insertPayoutWithDebit(
  tx: Queryable,
  payout: { artistId: string; userId: string; amount: string },
) {
  const row = await runOne(
    tx,
    builder
      .insertInto("artist_payouts")
      .values({ artist_id: payout.artistId, user_id: payout.userId, amount: payout.amount })
      .returning(PAYOUT_COLUMNS)
      .compile(),
  );
  await run(
    tx,
    builder
      .insertInto("artist_ledger")
      .values({
        account: "artist",
        artist_id: payout.artistId,
        kind: "payout",
        amount: sql`-(${payout.amount}::numeric)`,
        source: `payout:${must(row, "an INSERT ... RETURNING answers its row").id}`,
      })
      .compile(),
  );
  return must(row, "an INSERT ... RETURNING answers its row");
}

/** The debit given back (Pi cancelled or refused the payment): once, whoever notices. */
export const reversePayout = (db: Queryable, payout: { id: string; artist_id: string; amount: string }) =>
  run(
    db,
    builder
      .insertInto("artist_ledger")
      .values({
        account: "artist",
        artist_id: payout.artist_id,
        kind: "payout_reversal",
        amount: payout.amount,
        source: `payout-reversal:${payout.id}`,
      })
      .onConflict((oc) => oc.columns(["source", "account"]).doNothing())
      .compile(),
  );

export const payoutsOfArtist = (db: Queryable, artistId: string) =>
  run(
    db,
    builder
      .selectFrom("artist_payouts")
      .select(PAYOUT_COLUMNS)
      .where("artist_id", "=", artistId)
      .orderBy("created_at", "desc")
      .limit(50)
      .compile(),
  );

export const payoutById = (db: Queryable, id: string) =>
  runOne(db, builder.selectFrom("artist_payouts").select(PAYOUT_COLUMNS).where("id", "=", id).compile());

/** Payouts not finished yet, oldest first: the order they are paid in. */
export const unfinishedPayouts = (db: Queryable) =>
  run(
    db,
    builder
      .selectFrom("artist_payouts")
      .select(PAYOUT_COLUMNS)
      .where("status", "in", ["requested", "created", "submitted"])
      .orderBy("created_at")
      .limit(100)
      .compile(),
  );

/** Records one step; only from the step before it, so a step is never recorded twice or backwards. */
export const recordPayoutStep = (
  db: Queryable,
  id: string,
  from: string,
  step: { status: string; paymentId?: string; txid?: string },
) =>
  run(
    db,
    builder
      .updateTable("artist_payouts")
      .set({
        status: step.status,
        ...(step.paymentId === undefined ? {} : { payment_id: step.paymentId }),
        ...(step.txid === undefined ? {} : { txid: step.txid }),
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .where("status", "=", from)
      .compile(),
  );

/** 'Download my data': the payouts paid to the listener. */
export const exportPayouts = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("artist_payouts")
      .select(["artist_id", "amount", "status", "payment_id", "txid", "created_at"])
      .where("user_id", "=", userId)
      .compile(),
  );

/** 'Delete my account': the payouts stay for the books, no longer naming who was paid. */
export const erasePayouts = (db: Queryable, userId: string) =>
  run(db, builder.updateTable("artist_payouts").set({ user_id: null }).where("user_id", "=", userId).compile());

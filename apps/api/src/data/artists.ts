// Artist accounts (requests, managers, the verified badge) and the artists' ledger: every credit and debit
// of an artist's balance is a row, unique per source and account, and a balance is their sum.
import { sql } from "kysely";
import { builder, run, runOne, type Queryable } from "./sql.js";

const REQUEST_FIELDS = [
  "id",
  "kind",
  "name",
  "artist_id",
  "evidence",
  "status",
  "created_at",
  "decided_at",
  "user_id",
] as const;
const REQUEST_COLUMNS = [
  "r.id",
  "r.kind",
  "r.name",
  "r.artist_id",
  "r.evidence",
  "r.status",
  "r.created_at",
  "r.decided_at",
  "r.user_id",
] as const;

export const insertArtistRequest = (
  db: Queryable,
  row: {
    userId: string;
    kind: "new" | "claim";
    name: string;
    bio: string | null;
    artistId: string | null;
    evidence: string;
  },
) =>
  runOne(
    db,
    builder
      .insertInto("artist_requests")
      .values({
        user_id: row.userId,
        kind: row.kind,
        name: row.name,
        bio: row.bio,
        artist_id: row.artistId,
        evidence: row.evidence,
      })
      .returning(REQUEST_FIELDS)
      .compile(),
  );

/** The listener's own requests, newest first. */
export const requestsOf = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("artist_requests as r")
      .select(REQUEST_COLUMNS)
      .where("r.user_id", "=", userId)
      .orderBy("r.created_at", "desc")
      .limit(50)
      .compile(),
  );

/** The dashboard's list: oldest waiting first, with who asked. */
export const requestsWithStatus = (db: Queryable, status: string, limit: number) =>
  run(
    db,
    builder
      .selectFrom("artist_requests as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select([...REQUEST_COLUMNS, "u.username"])
      .where("r.status", "=", status)
      .orderBy("r.created_at", status === "pending" ? "asc" : "desc")
      .limit(limit)
      .compile(),
  );

export const requestWithRequester = (db: Queryable, id: string) =>
  runOne(
    db,
    builder
      .selectFrom("artist_requests as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select([...REQUEST_COLUMNS, "u.username"])
      .where("r.id", "=", id)
      .compile(),
  );

/** The request, locked until the transaction ends: two admins deciding at once decide once. */
export const lockRequest = (tx: Queryable, id: string) =>
  runOne(
    tx,
    builder
      .selectFrom("artist_requests as r")
      .select([...REQUEST_COLUMNS, "r.bio"])
      .where("r.id", "=", id)
      .forUpdate()
      .compile(),
  );

export const decideRequest = (
  tx: Queryable,
  id: string,
  decision: { status: "approved" | "refused"; adminId: string; artistId: string | null },
) =>
  run(
    tx,
    builder
      .updateTable("artist_requests")
      .set({
        status: decision.status,
        decided_by: decision.adminId,
        decided_at: sql`now()`,
        artist_id: decision.artistId,
      })
      .where("id", "=", id)
      .compile(),
  );

export const insertArtist = (tx: Queryable, artist: { name: string; bio: string | null; matchKey: string }) =>
  runOne(
    tx,
    builder
      .insertInto("artists")
      .values({ name: artist.name, bio: artist.bio, match_key: artist.matchKey })
      .returning("id")
      .compile(),
  );

/** The verified badge: kept from the first approval on. */
export const verifyArtist = (tx: Queryable, artistId: string) =>
  run(
    tx,
    builder
      .updateTable("artists")
      .set({ verified_at: sql`coalesce(verified_at, now())` })
      .where("id", "=", artistId)
      .compile(),
  );

export const addManager = (tx: Queryable, artistId: string, userId: string) =>
  run(
    tx,
    builder
      .insertInto("artist_managers")
      .values({ artist_id: artistId, user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .compile(),
  );

const balanceOf = sql<string>`coalesce((SELECT sum(l.amount) FROM artist_ledger l
  WHERE l.account = 'artist' AND l.artist_id = a.id), 0)::text`;

/** The artists the user manages, with each one's balance (the sum of its ledger rows). */
export const managedArtists = (db: Queryable, userId: string) =>
  run(
    db,
    builder
      .selectFrom("artist_managers as m")
      .innerJoin("artists as a", "a.id", "m.artist_id")
      .select(["a.id", "a.name", "a.image_url", balanceOf.as("balance")])
      .where("m.user_id", "=", userId)
      .orderBy("a.name")
      .compile(),
  );

/**
 * A completed tip's credit: the artist's share and the platform's fee, each written once (the payment id is
 * the source). The fee is rounded to Pi's 7 decimals; the artist gets the rest, so the two sum to the tip.
 */
export const creditTip = (
  tx: Queryable,
  tip: { paymentId: string; artistId: string; amount: string; feePercent: number },
) =>
  run(
    tx,
    sql`INSERT INTO artist_ledger (account, artist_id, kind, amount, source)
      SELECT * FROM (VALUES
        ('artist', ${tip.artistId}::uuid, 'tip',
          ${tip.amount}::numeric - round(${tip.amount}::numeric * ${tip.feePercent}::numeric / 100, 7)),
        ('platform', NULL::uuid, 'tip_fee', round(${tip.amount}::numeric * ${tip.feePercent}::numeric / 100, 7))
      ) AS v(account, artist_id, kind, amount)
      CROSS JOIN (SELECT ${`tip:${tip.paymentId}`}::text AS source) s
      ON CONFLICT (source, account) DO NOTHING`.compile(builder),
  );

/** Who hears of a tip to the artist: its name, and the users who manage it. */
export const tipRecipients = async (db: Queryable, artistId: string) => {
  const rows = await run(
    db,
    builder
      .selectFrom("artists as a")
      .leftJoin("artist_managers as m", "m.artist_id", "a.id")
      .select(["a.name", "m.user_id"])
      .where("a.id", "=", artistId)
      .compile(),
  );
  return {
    artistName: rows[0]?.name ?? "",
    managerIds: rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
  };
};

/** 'Download my data': the listener's artist requests and the artists they manage. */
export const exportArtistAccounts = async (db: Queryable, userId: string) => ({
  requests: await run(
    db,
    builder
      .selectFrom("artist_requests")
      .select(["kind", "name", "bio", "artist_id", "evidence", "status", "created_at", "decided_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .compile(),
  ),
  manages: await run(
    db,
    builder
      .selectFrom("artist_managers")
      .select(["artist_id", "created_at"])
      .where("user_id", "=", userId)
      .compile(),
  ),
});

/**
 * 'Delete my account': their requests and their place among an artist's managers go; the artist, its
 * badge and its ledger stay (the books are kept). An admin's decisions stay, no longer naming them.
 */
export async function eraseArtistAccounts(db: Queryable, userId: string) {
  await run(db, builder.deleteFrom("artist_requests").where("user_id", "=", userId).compile());
  await run(db, builder.deleteFrom("artist_managers").where("user_id", "=", userId).compile());
  await run(
    db,
    builder.updateTable("artist_requests").set({ decided_by: null }).where("decided_by", "=", userId).compile(),
  );
}

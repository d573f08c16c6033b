// The monthly premium share, split user-centrically: each member's payment goes to the artists that member
// listened to that month, in proportion to that member's qualifying plays of each artist, and never to
// anyone the member did not play. Pure arithmetic on the month's records, in whole units of Pi's smallest
// amount (7 decimals, as the ledger keeps it), so the same records always give the same split.
//
// Rounding: every division rounds down to the unit, first the member's part of their payment (the share
// percentage), then each artist's part of it. So the artists' shares never add up to more than the pool;
// the units rounded off, and the whole part of a member who played nothing, stay with the platform.

/** Pi amounts have 7 decimals: 1 π is 10^7 units. */
const UNITS_PER_PI = 10_000_000n;
const DECIMALS = 7;

/** A decimal text ("3.14", "0.0000001") in units; more than 7 decimals is not an amount of Pi. */
export function piToUnits(text: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,7}))?$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount of Pi: ${text}`);
  const [, whole = "0", fraction = ""] = match;
  return BigInt(whole) * UNITS_PER_PI + BigInt(fraction.padEnd(DECIMALS, "0"));
}

/** Units as the ledger's decimal text, always with 7 decimals ("1.5700000"). */
export function unitsToPi(units: bigint): string {
  const sign = units < 0n ? "-" : "";
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / UNITS_PER_PI}.${(abs % UNITS_PER_PI).toString().padStart(DECIMALS, "0")}`;
}

/** The share in basis points: a percentage with at most 2 decimals (50 -> 5000). */
const basisPoints = (percent: number) => BigInt(Math.round(percent * 100));

export interface MemberPayment {
  memberId: string;
  /** What the member paid for premium that month, in units (several payments summed). */
  paid: bigint;
}

export interface MemberArtistPlays {
  memberId: string;
  artistId: string;
  /** The member's qualifying plays of the artist's songs that month. */
  plays: number;
}

export interface ArtistShare {
  artistId: string;
  amount: bigint;
  /** Members whose payment this share comes from. */
  members: number;
  qualifyingPlays: number;
}

export interface MonthSplit {
  revenue: bigint;
  /** The share of the revenue for artists: each member's part, rounded down. */
  pool: bigint;
  members: number;
  /** Members who played nothing that counted: their whole part stays with the platform. */
  membersWithoutPlays: number;
  /** Each artist played by a member, by artist id. */
  shares: ArtistShare[];
  /** The pool less the artists' shares: members without plays and the rounding. */
  unassigned: bigint;
}

export function splitPremiumShare(input: {
  payments: readonly MemberPayment[];
  plays: readonly MemberArtistPlays[];
  sharePercent: number;
}): MonthSplit {
  const share = basisPoints(input.sharePercent);
  const paid = new Map<string, bigint>();
  for (const p of input.payments) paid.set(p.memberId, (paid.get(p.memberId) ?? 0n) + p.paid);
  const playsByMember = new Map<string, Map<string, number>>();
  for (const p of input.plays) {
    if (!paid.has(p.memberId) || p.plays <= 0) continue; // only members' plays count
    const byArtist = playsByMember.get(p.memberId) ?? new Map<string, number>();
    byArtist.set(p.artistId, (byArtist.get(p.artistId) ?? 0) + p.plays);
    playsByMember.set(p.memberId, byArtist);
  }
  const shares = new Map<string, ArtistShare>();
  let revenue = 0n;
  let pool = 0n;
  let assigned = 0n;
  let membersWithoutPlays = 0;
  for (const [memberId, amount] of [...paid].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    revenue += amount;
    const part = (amount * share) / 10_000n;
    pool += part;
    const played = [...(playsByMember.get(memberId) ?? [])].map(([artistId, plays]) => ({ artistId, plays }));
    const total = BigInt(played.reduce((sum, p) => sum + p.plays, 0));
    if (total === 0n) {
      membersWithoutPlays++;
      continue;
    }
    for (const p of played) {
      const amountForArtist = (part * BigInt(p.plays)) / total;
      assigned += amountForArtist;
      const row = shares.get(p.artistId) ?? {
        artistId: p.artistId,
        amount: 0n,
        members: 0,
        qualifyingPlays: 0,
      };
      shares.set(p.artistId, {
        artistId: p.artistId,
        amount: row.amount + amountForArtist,
        members: row.members + 1,
        qualifyingPlays: row.qualifyingPlays + p.plays,
      });
    }
  }
  return {
    revenue,
    pool,
    members: paid.size,
    membersWithoutPlays,
    shares: [...shares.values()].sort((a, b) =>
      a.artistId < b.artistId ? -1 : a.artistId > b.artistId ? 1 : 0,
    ),
    unassigned: pool - assigned,
  };
}

// The monthly premium share's split, on a month computed by hand (share 50 %, amounts in π):
//
// member | paid | part (50 %) | qualifying plays        | each artist's part, rounded down to 0.0000001
// -------+------+-------------+-------------------------+-----------------------------------------------
// ana    | 3.14 | 1.57        | X 2, Y 1                | X 1.57*2/3 = 1.0466666, Y 1.57*1/3 = 0.5233333
// ben    | 3.14 | 1.57        | X 3                     | X 1.57
// chloe  | 6.28 | 3.14        | Y 1, Z 2                | Y 3.14*1/3 = 1.0466666, Z 3.14*2/3 = 2.0933333
// dan    | 3.14 | 1.57        | none                    | nothing: his 1.57 stays with the platform
// eve    | 0    | (free)      | X 9                     | nothing: a free listener's plays share no payment
//
// X = 1.0466666 + 1.57 = 2.6166666 (2 members, 5 plays); Y = 0.5233333 + 1.0466666 = 1.5699999 (2, 2);
// Z = 2.0933333 (1, 2). Revenue 15.70, pool 7.85, artists 6.2799998, unassigned 1.5700002 (dan's 1.57 and
// 0.0000002 of rounding).
import { describe, expect, it } from "vitest";
import {
  piToUnits,
  splitPremiumShare,
  unitsToPi,
  type MemberArtistPlays,
} from "../src/domain/artists/premium-share-split.js";

const payments = [
  { memberId: "ana", paid: piToUnits("3.14") },
  { memberId: "ben", paid: piToUnits("3.14") },
  { memberId: "chloe", paid: piToUnits("3.14") },
  { memberId: "chloe", paid: piToUnits("3.14") },
  { memberId: "dan", paid: piToUnits("3.14") },
];
const plays: MemberArtistPlays[] = [
  { memberId: "ana", artistId: "X", plays: 2 },
  { memberId: "ana", artistId: "Y", plays: 1 },
  { memberId: "ben", artistId: "X", plays: 3 },
  { memberId: "chloe", artistId: "Y", plays: 1 },
  { memberId: "chloe", artistId: "Z", plays: 2 },
  { memberId: "eve", artistId: "X", plays: 9 },
];

const readable = (split: ReturnType<typeof splitPremiumShare>) => ({
  revenue: unitsToPi(split.revenue),
  pool: unitsToPi(split.pool),
  members: split.members,
  membersWithoutPlays: split.membersWithoutPlays,
  unassigned: unitsToPi(split.unassigned),
  shares: split.shares.map((s) => ({ ...s, amount: unitsToPi(s.amount) })),
});

describe("the monthly premium share's split", () => {
  it("gives each member's part to the artists they played, by their plays, as computed by hand", () => {
    expect(readable(splitPremiumShare({ payments, plays, sharePercent: 50 }))).toEqual({
      revenue: "15.7000000",
      pool: "7.8500000",
      members: 4,
      membersWithoutPlays: 1,
      unassigned: "1.5700002",
      shares: [
        { artistId: "X", amount: "2.6166666", members: 2, qualifyingPlays: 5 },
        { artistId: "Y", amount: "1.5699999", members: 2, qualifyingPlays: 2 },
        { artistId: "Z", amount: "2.0933333", members: 1, qualifyingPlays: 2 },
      ],
    });
  });

  it("never gives the artists more than the pool, whatever the plays and the share", () => {
    for (const sharePercent of [0, 1, 33.33, 50, 66.67, 99.99, 100]) {
      for (let n = 1; n <= 13; n++) {
        const many = Array.from({ length: n }, (_, i) => ({
          memberId: "m",
          artistId: `a${i}`,
          plays: i + 1,
        }));
        const split = splitPremiumShare({
          payments: [{ memberId: "m", paid: 31_400_001n }],
          plays: many,
          sharePercent,
        });
        const given = split.shares.reduce((sum, s) => sum + s.amount, 0n);
        expect(given + split.unassigned).toBe(split.pool);
        expect(split.unassigned).toBeGreaterThanOrEqual(0n);
        expect(split.pool).toBeLessThanOrEqual(
          (31_400_001n * BigInt(Math.round(sharePercent * 100))) / 10_000n,
        );
      }
    }
  });

  it("is the same split whatever order the records come in", () => {
    const once = splitPremiumShare({ payments, plays, sharePercent: 50 });
    const shuffled = splitPremiumShare({
      payments: [...payments].reverse(),
      plays: [...plays].reverse(),
      sharePercent: 50,
    });
    expect(shuffled).toEqual(once);
  });

  it("reads and writes Pi amounts exactly, to the 7th decimal", () => {
    expect(piToUnits("3.14")).toBe(31_400_000n);
    expect(piToUnits("0.0000001")).toBe(1n);
    expect(unitsToPi(31_400_000n)).toBe("3.1400000");
    expect(() => piToUnits("0.00000001")).toThrow();
    expect(() => piToUnits("1e3")).toThrow();
  });
});

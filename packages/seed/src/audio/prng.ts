// A small seeded PRNG (sfc32) so that a song's slug alone decides every note and noise sample.
import { createHash } from "node:crypto";

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max], inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A child generator with its own stream, so adding notes to one part never shifts another. */
  fork(label: string): Rng;
}

export function createRng(seed: string): Rng {
  const digest = createHash("sha256").update(seed).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- next() < 1, so the index is below the (non-empty) length; T may itself hold undefined
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (probability) => next() < probability,
    fork: (label) => createRng(`${seed}/${label}`),
  };
  return rng;
}

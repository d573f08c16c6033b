// Deterministic randomness for the generator: the same options always give the same data set.

/** mulberry32: a small, fast 32-bit PRNG; `next()` is uniform in [0, 1). */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** A 32-bit integer hash (lowbias32): random-looking and stable, so ids can be recomputed from an index. */
export function hash32(x: number): number {
  x = (x ^ (x >>> 16)) >>> 0;
  x = Math.imul(x, 0x7feb352d) >>> 0;
  x = (x ^ (x >>> 15)) >>> 0;
  x = Math.imul(x, 0x846ca68b) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

const hex8 = (n: number) => n.toString(16).padStart(8, "0");

/** A version-4-shaped UUID derived from (kind, index): the same row always gets the same id. */
export function stableUuid(kind: number, index: number): string {
  const a = hash32(index * 4 + kind * 0x9e3779b1);
  const b = hash32(a ^ (index + 0x85ebca6b));
  const c = hash32(b ^ (kind + 0xc2b2ae35));
  const d = hash32(c ^ index);
  const h = hex8(a) + hex8(b) + hex8(c) + hex8(d);
  const variant = "89ab"[parseInt(h[16]!, 16) & 3];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Picks index i of n with probability proportional to 1 / (i + 1)^s (Zipf): a few items are very common. */
export class Zipf {
  private readonly cumulative: Float64Array;
  constructor(
    readonly n: number,
    s: number,
  ) {
    this.cumulative = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      total += 1 / Math.pow(i + 1, s);
      this.cumulative[i] = total;
    }
  }
  sample(random: Random): number {
    const target = random.next() * this.cumulative[this.n - 1]!;
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

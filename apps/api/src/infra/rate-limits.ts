// Fixed-window attempt counters, kept where every API instance sees them (PostgreSQL or Redis).
import { isIP } from "node:net";
import type { DataSource } from "typeorm";
import type { Redis } from "ioredis";
import type { RateLimitBucket, RateLimitService } from "@purplebeats/contracts";
import { RateLimitCounter } from "@purplebeats/db";
import { countAttempt } from "../data/rate-limits.js";

export type RateLimits = Record<RateLimitBucket, number>;

/** Attempts allowed per key (a user, or an address before sign-in) per minute. */
export const RATE_LIMITS: RateLimits = {
  signin: 30,
  upload: 20,
  payment: 30,
  play: 60,
  follow: 60,
  // A person writes a few support requests an hour at most; more is a script filling the admins' queue.
  support: 5,
  // Reporting a song takes reading a dialog; more than this in a minute is a script filling the queue.
  report: 10,
  notification: 120,
  account: 10,
  // A rewarded ad lasts tens of seconds: more claims than this in a minute are not ads watched.
  adReward: 10,
  // Songs kept for offline listening: a 100-song playlist in a minute; more is copying the catalog.
  download: 120,
};
const WINDOW_SECONDS = 60;

/**
 * Who a limit counts: a user id as is; an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) as is;
 * an IPv6 address by its /64, the block one subscriber gets, which they can fill with fresh addresses.
 */
export function rateLimitKey(key: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(key)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  const address = key.replace(/%.*$/, "");
  if (isIP(address) !== 6) return key;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const parts = (text: string) => (text ? text.split(":") : []);
  // An embedded IPv4 tail (::a.b.c.d forms) lies past the first 64 bits: only the hextets before it count.
  const before = parts(head);
  const after = address.includes("::") ? parts(tail) : [];
  const hextets = [
    ...before,
    ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill("0"),
    ...after,
  ];
  return `${hextets
    .slice(0, 4)
    .map((h) => (parseInt(h, 16) || 0).toString(16))
    .join(":")}::/64`;
}

const windowStart = (now = Date.now()) => Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;

export function createPgRateLimits(db: DataSource, limits: RateLimits = RATE_LIMITS): RateLimitService {
  let lastSweep = 0;
  return {
    async consume(bucket, key) {
      const start = windowStart();
      const count = await countAttempt(db, `${bucket}:${rateLimitKey(key)}`, start);
      // Old windows are useless; sweep them now and then rather than on every call.
      if (start !== lastSweep) {
        lastSweep = start;
        void db
          .createQueryBuilder()
          .delete()
          .from(RateLimitCounter)
          .where("window_start < to_timestamp(:start)", { start })
          .execute()
          .catch(() => {});
      }
      return count <= limits[bucket];
    },
  };
}

export function createRedisRateLimits(redis: Redis, limits: RateLimits = RATE_LIMITS): RateLimitService {
  return {
    async consume(bucket, key) {
      const redisKey = `pb:rate:${bucket}:${rateLimitKey(key)}:${windowStart()}`;
      const [[, count]] = (await redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, WINDOW_SECONDS * 2)
        .exec()) as [[Error | null, number]];
      return count <= limits[bucket];
    },
  };
}

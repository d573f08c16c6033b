// Fixed-window attempt counters, kept where every API instance sees them (PostgreSQL or Redis).
import type { DataSource } from "typeorm";
import type { Redis } from "ioredis";
import type { RateLimitBucket, RateLimitService } from "@purplebeats/contracts";
import { RateLimitCounter } from "@purplebeats/db";
import { countAttempt } from "../data/rate-limits.js";

export type RateLimits = Record<RateLimitBucket, number>;

/** Attempts allowed per key (a user, or an address before sign-in) per minute. */
export const RATE_LIMITS: RateLimits = { signin: 30, upload: 20, payment: 30, play: 60 };
const WINDOW_SECONDS = 60;

const windowStart = (now = Date.now()) => Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;

export function createPgRateLimits(db: DataSource, limits: RateLimits = RATE_LIMITS): RateLimitService {
  let lastSweep = 0;
  return {
    async consume(bucket, key) {
      const start = windowStart();
      const count = await countAttempt(db, `${bucket}:${key}`, start);
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
      const redisKey = `pb:rate:${bucket}:${key}:${windowStart()}`;
      const [[, count]] = (await redis
        .multi()
        .incr(redisKey)
        .expire(redisKey, WINDOW_SECONDS * 2)
        .exec()) as [[Error | null, number]];
      return count <= limits[bucket];
    },
  };
}

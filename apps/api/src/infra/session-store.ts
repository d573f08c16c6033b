// Server-side sessions: PostgreSQL by default, Redis when REDIS_URL is set, so any instance can answer.
import { createHash, randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import type { Redis } from "ioredis";
import { Session } from "@purplebeats/db";
import { renewSession } from "../data/sessions.js";

/** How long a session lives without use; each use within the last half renews it. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SessionStore {
  /** Stores a new session for the user and answers the cookie's token. */
  create(userId: string): Promise<string>;
  /** The user id of a live session, or null (unknown, expired or ended). */
  resolve(token: string): Promise<string | null>;
  destroy(token: string): Promise<void>;
}

/** 256 bits from the CSPRNG. Only its hash is stored, so a leaked table or dump cannot be replayed. */
export const newSessionToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const isWellFormedToken = (token: string) => TOKEN_PATTERN.test(token);

export function createPgSessionStore(db: DataSource): SessionStore {
  const sessions = db.getRepository(Session);
  return {
    async create(userId) {
      const token = newSessionToken();
      await sessions.insert({
        id: hashToken(token),
        userId,
        // The database's clock, like the expiry check in renewSession.
        expiresAt: () => `now() + make_interval(secs => ${SESSION_TTL_SECONDS})`,
      });
      return token;
    },
    async resolve(token) {
      if (!isWellFormedToken(token)) return null;
      return (await renewSession(db, hashToken(token), SESSION_TTL_SECONDS)) ?? null;
    },
    async destroy(token) {
      if (!isWellFormedToken(token)) return;
      await sessions.delete({ id: hashToken(token) });
    },
  };
}

export function createRedisSessionStore(redis: Redis): SessionStore {
  const key = (token: string) => `pb:session:${hashToken(token)}`;
  return {
    async create(userId) {
      const token = newSessionToken();
      await redis.set(key(token), userId, "EX", SESSION_TTL_SECONDS);
      return token;
    },
    async resolve(token) {
      if (!isWellFormedToken(token)) return null;
      const userId = await redis.getex(key(token), "EX", SESSION_TTL_SECONDS);
      return userId ?? null;
    },
    async destroy(token) {
      if (!isWellFormedToken(token)) return;
      await redis.del(key(token));
    },
  };
}

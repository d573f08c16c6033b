// A tRPC Context for createCaller tests: the real routers and middlewares, with fake services that record
// every call, so a test can tell that a refused call never reached a service.
import type { RateLimitBucket, Services } from "../../src/services.js";
import type { Context, SessionUser } from "../../src/trpc.js";

type ServiceFakes = { [Name in keyof Services]?: Partial<Services[Name]> };

export interface FakeContext {
  ctx: Context;
  /** 'profiles.get', 'rateLimits.consume'... in call order. */
  calls: string[];
}

/**
 * Services whose methods are the given fakes; any other method records its call and resolves to null,
 * which is enough for the handlers under test (what they return is not what these tests look at).
 */
function recordingServices(fakes: ServiceFakes, calls: string[]): Services {
  const service = (name: string) =>
    new Proxy(
      {},
      {
        get: (_target, method) => {
          if (typeof method !== "string") return undefined;
          const fake = (fakes as Record<string, Record<string, unknown> | undefined>)[name]?.[method];
          return (...args: unknown[]) => {
            calls.push(`${name}.${method}`);
            return typeof fake === "function" ? fake(...args) : Promise.resolve(null);
          };
        },
      },
    );
  // A Proxy has no static shape: every service name answers with a recording service.
  return new Proxy({}, { get: (_target, name) => service(String(name)) }) as Services;
}

export function fakeContext(
  options: {
    user?: SessionUser | null;
    adminToken?: string | null;
    clientIp?: string;
    services?: ServiceFakes;
  } = {},
): FakeContext {
  const calls: string[] = [];
  return {
    calls,
    ctx: {
      services: recordingServices(options.services ?? {}, calls),
      user: options.user ?? null,
      session: { start: async () => undefined, end: async () => undefined },
      adminToken: options.adminToken ?? null,
      clientIp: options.clientIp ?? "203.0.113.7",
      origin: "https://purplebeats.test",
    },
  };
}

export const listener = (id = "pi-listener-1"): SessionUser => ({
  id,
  username: id,
  isGuest: false,
  isAdmin: false,
});
export const guest = (id = "guest-1"): SessionUser => ({
  id,
  username: "Guest",
  isGuest: true,
  isAdmin: false,
});
export const admin = (id = "pi-admin-1"): SessionUser => ({
  id,
  username: id,
  isGuest: false,
  isAdmin: true,
});

/** A rate limit service that allows `limit` attempts per bucket and key, as the server's does per window. */
export function countingRateLimits(limit: number): Pick<Services["rateLimits"], "consume"> {
  const attempts = new Map<string, number>();
  return {
    consume: async (bucket: RateLimitBucket, key: string) => {
      const count = (attempts.get(`${bucket}:${key}`) ?? 0) + 1;
      attempts.set(`${bucket}:${key}`, count);
      return count <= limit;
    },
  };
}

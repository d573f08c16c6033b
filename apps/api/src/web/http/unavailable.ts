// While PostgreSQL (or Redis, when it holds sessions and limits) is unreachable, calls answer 503 with a
// message a person can act on, not a 500: the API stays up and recovers by itself, and /readyz tells the
// load balancer.
import { TRPCError } from "@trpc/server";

export const UNAVAILABLE_MESSAGE = "PurpleBeats is briefly unavailable. Please try again in a moment.";

/** Connection errors of node-postgres and PostgreSQL's own "going away" states. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN"]);
/** SQLSTATE class 08 (connection exception), admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
const MESSAGES = new RegExp(
  [
    "Connection terminated",
    "timeout exceeded when trying to connect",
    "Client has encountered a connection error",
    "Connection refused",
    "the database system is (starting up|shutting down|in recovery mode)",
    // TypeORM, when the connection under a transaction died and the rollback cannot run.
    "query runner (was )?already released",
    // ioredis.
    "Connection is closed",
    "max retries per request",
  ].join("|"),
  "i",
);

/** Whether an error (or what it wraps: TypeORM's driverError, a cause) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  // A TRPCError already says what to answer (a Pi outage is a 502, whatever its cause).
  if (error instanceof TRPCError) return error.code === "SERVICE_UNAVAILABLE";
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === "string" && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code))) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

const unavailable = (cause: unknown) =>
  new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_MESSAGE, cause });

/**
 * The same services, whose methods turn "the database cannot be reached" into a 503 TRPCError, so that
 * REST and tRPC answer alike. Other errors pass through untouched.
 */
export function withUnavailability<T extends object>(services: T): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, service] of Object.entries(services)) {
    wrapped[name] =
      service && typeof service === "object"
        ? new Proxy(service as object, {
            get(target, key, receiver) {
              const value = Reflect.get(target, key, receiver) as unknown;
              if (typeof value !== "function") return value;
              return (...args: unknown[]) => {
                try {
                  const result = (value as (...a: unknown[]) => unknown).apply(target, args);
                  return result instanceof Promise
                    ? result.catch((error: unknown) => {
                        throw isDatabaseUnavailable(error) ? unavailable(error) : error;
                      })
                    : result;
                } catch (error) {
                  throw isDatabaseUnavailable(error) ? unavailable(error) : error;
                }
              };
            },
          })
        : service;
  }
  return wrapped as T;
}

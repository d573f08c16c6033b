// A database outage is a 503 with a clear message, never a 500 (found by the reliability suite's
// PostgreSQL restart under load); a Pi outage stays a 502.
import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import {
  isDatabaseUnavailable,
  UNAVAILABLE_MESSAGE,
  withUnavailability,
} from "../src/web/http/unavailable.js";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const adminShutdown = Object.assign(new Error("terminating connection due to administrator command"), {
  code: "57P01",
});

describe("database unavailability", () => {
  it("recognises connection failures, also wrapped by TypeORM or tRPC", () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(adminShutdown)).toBe(true);
    expect(isDatabaseUnavailable({ message: "query failed", driverError: adminShutdown })).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(new Error("Query runner already released. Cannot run queries anymore.")),
    ).toBe(true);
    expect(isDatabaseUnavailable({ cause: { cause: refused } })).toBe(true);
  });

  it("leaves other failures alone, including a Pi outage caused by a refused connection", () => {
    expect(isDatabaseUnavailable(new Error("duplicate key value"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new TRPCError({ code: "BAD_GATEWAY", message: "Pi", cause: refused }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("turns a service's outage into a SERVICE_UNAVAILABLE TRPCError, sync or async", async () => {
    const services = withUnavailability({
      a: {
        value: 7,
        async read() {
          throw refused;
        },
        sync() {
          throw adminShutdown;
        },
        ok: () => 1,
        async bad() {
          throw new Error("other");
        },
      },
    });
    await expect(services.a.read()).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: UNAVAILABLE_MESSAGE,
    });
    expect(() => services.a.sync()).toThrow(UNAVAILABLE_MESSAGE);
    expect(services.a.ok()).toBe(1);
    expect(services.a.value).toBe(7);
    await expect(services.a.bad()).rejects.toThrow("other");
  });
});

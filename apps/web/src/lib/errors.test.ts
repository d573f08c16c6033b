import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { trpcError } from "../test-utils/trpc-fixtures";
import { describeError, httpErrorFrom, isNotFound, isPremiumRequired } from "./errors";

describe("describeError", () => {
  it("puts the HTTP status before a tRPC error's message", () => {
    expect(describeError(trpcError("NOT_FOUND", "Playlist not found"))).toBe("404: Playlist not found");
    expect(describeError(trpcError("FORBIDDEN", "Premium feature required"))).toBe(
      "403: Premium feature required",
    );
  });

  it("keeps the message alone when no answer arrived", () => {
    expect(describeError(TRPCClientError.from(new TypeError("Failed to fetch")))).toBe("Failed to fetch");
  });

  it("reads plain HTTP answers as '{status}: {body}', or the status text when the body is empty", async () => {
    const withBody = await httpErrorFrom(new Response("File too large", { status: 413 }));
    expect(describeError(withBody)).toBe("413: File too large");
    const empty = await httpErrorFrom(new Response("", { status: 502, statusText: "Bad Gateway" }));
    expect(describeError(empty)).toBe("502: Bad Gateway");
  });

  it("handles anything thrown", () => {
    expect(describeError(new Error("boom"))).toBe("boom");
    expect(describeError("plain")).toBe("plain");
  });
});

describe("error checks", () => {
  it("knows a missing thing and a premium gate", () => {
    expect(isNotFound(trpcError("NOT_FOUND", "Playlist not found"))).toBe(true);
    expect(isNotFound(trpcError("INTERNAL_SERVER_ERROR", "oops"))).toBe(false);
    expect(isPremiumRequired(trpcError("FORBIDDEN", "Premium feature required"))).toBe(true);
  });
});

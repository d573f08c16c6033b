import { TRPCClientError } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { trpcError } from "../test-utils/trpc-fixtures";
import {
  describeError,
  httpErrorFrom,
  isNotFound,
  isPremiumRequired,
  OFFLINE_MESSAGE,
  UNREACHABLE_MESSAGE,
} from "./errors";
import { createApiClient } from "./trpc";

afterEach(() => vi.restoreAllMocks());

describe("describeError", () => {
  it("puts the HTTP status before a tRPC error's message", () => {
    expect(describeError(trpcError("NOT_FOUND", "Playlist not found"))).toBe("404: Playlist not found");
    expect(describeError(trpcError("FORBIDDEN", "Premium feature required"))).toBe(
      "403: Premium feature required",
    );
  });

  it("says in a listener's words that no response came: offline, or the server out of reach", () => {
    const noResponse = TRPCClientError.from(new TypeError("Failed to fetch"));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(describeError(noResponse)).toBe(OFFLINE_MESSAGE);
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    expect(describeError(noResponse)).toBe(UNREACHABLE_MESSAGE);
  });

  it("reads a plain-text failure from the API as '{status}: {body}', not as a JSON parse error", async () => {
    const client = createApiClient({
      url: "http://api.invalid/trpc",
      fetch: () =>
        Promise.resolve(new Response("boom", { status: 500, headers: { "content-type": "text/plain" } })),
    });
    const failure: unknown = await client.songs.genres.query().catch((error: unknown) => error);
    expect(describeError(failure)).toBe("500: boom");
    const empty = createApiClient({
      url: "http://api.invalid/trpc",
      fetch: () => Promise.resolve(new Response("", { status: 502, statusText: "Bad Gateway" })),
    });
    expect(describeError(await empty.songs.genres.query().catch((error: unknown) => error))).toBe(
      "502: Bad Gateway",
    );
  });

  it("reads plain HTTP responses as '{status}: {body}', or the status text when the body is empty", async () => {
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

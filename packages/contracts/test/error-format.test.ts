import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { appRouter } from "../src/root.js";
import { INTERNAL_ERROR_MESSAGE } from "../src/trpc.js";

type Formatter = (opts: { shape: Record<string, unknown>; error: TRPCError }) => { message: string };
const format = (appRouter._def._config as unknown as { errorFormatter: Formatter }).errorFormatter;

describe("tRPC error messages", () => {
  it("keeps an unexpected failure's own message (a database error, say) out of the response", () => {
    const error = new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
    });
    expect(format({ shape: { message: error.message, data: {} }, error }).message).toBe(
      INTERNAL_ERROR_MESSAGE,
    );
  });

  it("keeps the message of an expected refusal", () => {
    const error = new TRPCError({ code: "NOT_FOUND", message: "Playlist not found" });
    expect(format({ shape: { message: error.message, data: {} }, error }).message).toBe("Playlist not found");
  });

  it("never carries a stack, whatever NODE_ENV says (it names the server's files and often SQL)", () => {
    const error = new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "boom" });
    const shape = {
      message: "boom",
      data: { code: "INTERNAL_SERVER_ERROR", stack: "Error: boom\n    at /srv/x.js:1:1" },
    };
    expect(format({ shape, error })).not.toHaveProperty("data.stack");
  });
});

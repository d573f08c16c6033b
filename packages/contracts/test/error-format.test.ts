import { describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { appRouter } from "../src/root.js";
import { INTERNAL_ERROR_MESSAGE } from "../src/trpc.js";
import { API_ERROR_MESSAGES, apiErrorCodesOf, apiErrorText } from "../src/error-codes.js";
import { AUDIO_UPLOAD_TOO_LARGE, MAX_AUDIO_UPLOAD_BYTES } from "../src/schemas/admin-catalog.js";

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

  it("gives each problem of an input error its code, so that the app can show every one translated", () => {
    const message =
      "name: Playlist name is required; cursor: cursor is not valid; description: Description too long";
    const error = new TRPCError({ code: "BAD_REQUEST", message });
    expect(format({ shape: { message, data: {} }, error })).toMatchObject({
      data: {
        errorCode: "playlistNameRequired",
        errorCodes: ["playlistNameRequired", null, "playlistDescriptionTooLong"],
      },
    });
  });

  it("says the audio upload's limit in the words of its code", () => {
    expect(AUDIO_UPLOAD_TOO_LARGE).toBe(
      `Audio files must be less than ${MAX_AUDIO_UPLOAD_BYTES / 1024 / 1024} MB`,
    );
    expect(apiErrorCodesOf(AUDIO_UPLOAD_TOO_LARGE)).toEqual({ code: "audioTooLarge" });
  });

  it("codes why a file was refused, after its name (which may hold ': ') and before what was found", () => {
    expect(apiErrorCodesOf("a.mp3: Empty file")).toEqual({ code: "fileEmpty" });
    expect(apiErrorCodesOf("Live: Paris.mp3: Corrupt or truncated audio")).toEqual({ code: "fileCorrupt" });
    expect(apiErrorCodesOf("b c.wma: Unsupported format: WMA")).toEqual({ code: "fileUnsupportedFormat" });
    expect(apiErrorCodesOf("d.flac: Cannot read file: EACCES")).toEqual({ code: "fileUnreadable" });
    expect(apiErrorCodesOf("Live: Paris.flac: This recording is already in the catalog")).toEqual({
      code: "fileAlreadyInCatalog",
    });
    // An upload refused before it is read (no file name) keeps its own words.
    expect(apiErrorCodesOf("Unsupported format: WMA. Only image files can be uploaded")).toEqual({});
  });

  it("codes an upload refused before it is read, carrying the format it found as a value", () => {
    const message = `Unsupported format: WMA. ${API_ERROR_MESSAGES.notAudio}`;
    expect(apiErrorText("uploadUnsupportedFormat", { format: "WMA" })).toBe(message);
    expect(apiErrorCodesOf(message)).toEqual({ code: "uploadUnsupportedFormat", values: { format: "WMA" } });
    const error = new TRPCError({ code: "UNSUPPORTED_MEDIA_TYPE", message });
    expect(format({ shape: { message, data: {} }, error })).toMatchObject({
      data: { errorCode: "uploadUnsupportedFormat", errorValues: { format: "WMA" } },
    });
  });

  it("codes a refusal that names a status by the status, which each language words its own way", () => {
    expect(apiErrorCodesOf("This payment is cancelled")).toEqual({
      code: "paymentInStatus",
      values: { status: "cancelled" },
    });
    expect(apiErrorCodesOf("The balance must be at least 10 π to be paid out")).toEqual({
      code: "payoutBelowMinimum",
      values: { minimum: "10" },
    });
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

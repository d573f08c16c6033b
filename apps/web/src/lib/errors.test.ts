import { TRPCClientError } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiErrorCodesOf } from "@purplebeats/contracts/error-codes";
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
import vietnamese from "virtual:purplebeats-catalog/vi";
import { createI18n, type Translate } from "../i18n";

const inVietnamese: Translate = (key, values) => createI18n("vi", vietnamese)._(key, values);

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

  it("shows why an upload's file was refused in the listener's language, with its name and what was found", () => {
    const refused = (reason: string) => describeError(trpcError("BAD_REQUEST", reason), inVietnamese);
    expect(refused("My Song: Live.mp3: Empty file")).toBe(
      `400: My Song: Live.mp3: ${inVietnamese("error.fileEmpty")}`,
    );
    expect(refused("a.mp3: Corrupt or truncated audio")).toBe(
      `400: a.mp3: ${inVietnamese("error.fileCorrupt")}`,
    );
    expect(refused("a.mp3: Not an audio file")).toBe(`400: a.mp3: ${inVietnamese("error.fileNotAudio")}`);
    expect(refused("b c.wma: Unsupported format: WMA")).toBe(
      `400: b c.wma: ${inVietnamese("error.fileUnsupportedFormat")}: WMA`,
    );
    expect(refused("d.flac: Cannot read file: EACCES")).toBe(
      `400: d.flac: ${inVietnamese("error.fileUnreadable")}: EACCES`,
    );
    expect(refused("Live: Paris.flac: This recording is already in the catalog")).toBe(
      `400: Live: Paris.flac: ${inVietnamese("error.fileAlreadyInCatalog")}`,
    );
    expect(inVietnamese("error.fileUnsupportedFormat")).toBe("Định dạng không được hỗ trợ");
    // English keeps the server's words.
    expect(describeError(trpcError("BAD_REQUEST", "b c.wma: Unsupported format: WMA"))).toBe(
      "400: b c.wma: Unsupported format: WMA",
    );
  });

  it("shows a message the API sent with a code in the listener's language; English keeps the server's words", async () => {
    const coded = await httpErrorFrom(
      new Response(JSON.stringify({ error: "Not Found", message: "Song not found", code: "songNotFound" }), {
        status: 404,
      }),
    );
    expect(describeError(coded, inVietnamese)).toBe("404: Không tìm thấy bài hát");
    expect(describeError(trpcError("NOT_FOUND", "Playlist not found"), inVietnamese)).toBe(
      "404: Không tìm thấy danh sách phát",
    );
    // An input error keeps its field before the rule's words.
    expect(describeError(trpcError("BAD_REQUEST", "name: Playlist name is required"), inVietnamese)).toBe(
      "400: name: Cần nhập tên danh sách phát",
    );
    expect(describeError(coded)).toBe(
      '404: {"error":"Not Found","message":"Song not found","code":"songNotFound"}',
    );
    // Two input errors at once: each in the listener's language, each field kept before its words.
    const both = "name: Playlist name is required; description: Description too long";
    expect(describeError(trpcError("BAD_REQUEST", both), inVietnamese)).toBe(
      `400: name: ${inVietnamese("error.playlistNameRequired")}; description: ${inVietnamese("error.playlistDescriptionTooLong")}`,
    );
    const restBoth = await httpErrorFrom(
      new Response(JSON.stringify({ error: "Bad Request", message: both, ...apiErrorCodesOf(both) }), {
        status: 400,
      }),
    );
    expect(describeError(restBoth, inVietnamese)).toBe(
      `400: name: ${inVietnamese("error.playlistNameRequired")}; description: ${inVietnamese("error.playlistDescriptionTooLong")}`,
    );
    // No code: shown as sent.
    expect(describeError(trpcError("BAD_REQUEST", "Invalid cursor"), inVietnamese)).toBe(
      "400: Invalid cursor",
    );
  });

  it("places what a coded refusal names (a format, a status) in the listener's words", async () => {
    const unsupported =
      "Unsupported format: MIDI. Only audio files (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV) can be uploaded";
    const rest = await httpErrorFrom(
      new Response(
        JSON.stringify({
          error: "Unsupported Media Type",
          message: unsupported,
          ...apiErrorCodesOf(unsupported),
        }),
        { status: 415 },
      ),
    );
    expect(describeError(rest, inVietnamese)).toBe(
      "415: Định dạng không được hỗ trợ: MIDI. Chỉ có thể tải lên tệp âm thanh (MP3, FLAC, Ogg Vorbis, Opus, M4A/AAC, WAV)",
    );
    const cancelled = trpcError("CONFLICT", "This payment is cancelled");
    expect(describeError(cancelled, inVietnamese)).toBe("409: Khoản thanh toán này đã bị hủy");
    // English keeps the server's words.
    expect(describeError(cancelled)).toBe("409: This payment is cancelled");
    // 'Please try again; ...' is one refusal's sentence, not a list of problems.
    const unreachable = "Pi Network could not be reached. Please try again; your payment is safe.";
    expect(describeError(trpcError("CONFLICT", unreachable), inVietnamese)).toBe(
      `409: ${inVietnamese("error.paymentPiUnreachable")}`,
    );
    expect(describeError(trpcError("CONFLICT", unreachable))).toBe(`409: ${unreachable}`);
    // The contract's own refusals too: a song for members, text that cannot be kept (its field stays).
    expect(
      describeError(
        trpcError("FORBIDDEN", "Premium feature required. This song is for Premium members only."),
        inVietnamese,
      ),
    ).toBe("403: Cần tính năng Premium. Bài hát này chỉ dành cho thành viên Premium.");
    expect(
      describeError(
        trpcError("BAD_REQUEST", "name: contains a character that cannot be stored (NUL or broken Unicode)"),
        inVietnamese,
      ),
    ).toBe("400: name: chứa ký tự không thể lưu (NUL hoặc Unicode bị lỗi)");
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

  it("knows the premium gate whatever language the app is in", () => {
    const refusal = trpcError(
      "FORBIDDEN",
      "Premium feature required. Upgrade to Premium (3.14 π) to unlock this.",
    );
    expect(describeError(refusal, inVietnamese)).toBe(
      "403: Cần có tính năng Premium. Nâng cấp lên Premium (3,14 π) để mở khóa.",
    );
    expect(isPremiumRequired(refusal)).toBe(true);
  });
});

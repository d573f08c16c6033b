import { describe, expect, it } from "vitest";
import { downloadsPlayable, rangeResponse, streamedSongId } from "./offline-audio";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse("2026-12-06T12:00:00Z");

describe("the 30-day grace of a member's downloads", () => {
  it("plays while the membership was confirmed online within 30 days", () => {
    expect(downloadsPlayable(now, now)).toBe(true);
    expect(downloadsPlayable(now - 29 * DAY, now)).toBe(true);
    expect(downloadsPlayable(now - 30 * DAY, now)).toBe(true);
  });

  it("stops once 30 days have passed since the last confirmation, and never plays unconfirmed", () => {
    expect(downloadsPlayable(now - 30 * DAY - 1, now)).toBe(false);
    expect(downloadsPlayable(now - 90 * DAY, now)).toBe(false);
    expect(downloadsPlayable(null, now)).toBe(false);
  });

  it("does not let a confirmation dated far ahead (a clock set back) stretch the grace", () => {
    expect(downloadsPlayable(now + 400 * DAY, now)).toBe(false);
  });
});

describe("answering the player from a stored download", () => {
  const stored = () =>
    new Response(new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 256)), {
      headers: { "content-type": "audio/mpeg" },
    });

  it("answers a range as a server does, and the whole file without one", async () => {
    const part = await rangeResponse(stored(), "bytes=100-199");
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await part.arrayBuffer())[0]).toBe(100);
    const open = await rangeResponse(stored(), "bytes=990-");
    expect(open.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect((await rangeResponse(stored(), "bytes=2000-")).status).toBe(416);
    const whole = await rangeResponse(stored(), null);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(1000);
  });

  it("knows a stream request's song", () => {
    expect(streamedSongId(new URL("https://x/api/songs/abc/stream?quality=low"))).toBe("abc");
    expect(streamedSongId(new URL("https://x/api/songs/abc/download"))).toBeNull();
  });
});

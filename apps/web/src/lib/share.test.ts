import { describe, expect, it, vi } from "vitest";
import { isPiBrowser, shareTargets, shareWith } from "./share";

const target = { title: "Neon", text: "Listen to Neon on PurpleBeats", path: "/album/a1" };
const origin = "https://purplebeats.example";
const chrome = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36";
const piBrowser = `${chrome} PiBrowser/2.3.0`;

describe("share", () => {
  it("inside the Pi Browser: Pi's share dialog with the absolute link", async () => {
    const openShareDialog = vi.fn();
    const share = vi.fn(() => Promise.resolve());
    const outcome = await shareWith(target, { userAgent: piBrowser, pi: { openShareDialog }, share, origin });
    expect(outcome).toBe("pi");
    expect(openShareDialog).toHaveBeenCalledWith(
      "Neon",
      "Listen to Neon on PurpleBeats https://purplebeats.example/album/a1",
    );
    expect(share).not.toHaveBeenCalled();
  });

  it("elsewhere, Pi's SDK present or not: the Web Share API", async () => {
    const share = vi.fn(() => Promise.resolve());
    const outcome = await shareWith(target, {
      userAgent: chrome,
      pi: { openShareDialog: vi.fn() },
      share,
      origin,
    });
    expect(outcome).toBe("web-share");
    expect(share).toHaveBeenCalledWith({ title: target.title, text: target.text, url: `${origin}/album/a1` });
  });

  it("a closed share sheet is not an error and copies nothing", async () => {
    const copy = vi.fn(() => Promise.resolve());
    const share = vi.fn(() => Promise.reject(new DOMException("closed", "AbortError")));
    expect(await shareWith(target, { userAgent: chrome, share, copy, origin })).toBe("cancelled");
    expect(copy).not.toHaveBeenCalled();
  });

  it("without Web Share (or when it fails): the link is copied", async () => {
    const copy = vi.fn(() => Promise.resolve());
    expect(await shareWith(target, { userAgent: chrome, copy, origin })).toBe("copied");
    expect(copy).toHaveBeenCalledWith(`${origin}/album/a1`);
    const failing = vi.fn(() => Promise.reject(new Error("NotAllowedError")));
    expect(await shareWith(target, { userAgent: chrome, share: failing, copy, origin })).toBe("copied");
  });

  it("with no way at all: failed", async () => {
    expect(await shareWith(target, { userAgent: chrome, origin })).toBe("failed");
    const copy = vi.fn(() => Promise.reject(new Error("denied")));
    expect(await shareWith(target, { userAgent: chrome, copy, origin })).toBe("failed");
  });

  it("knows the Pi Browser by its user agent", () => {
    expect(isPiBrowser(piBrowser)).toBe(true);
    expect(isPiBrowser(chrome)).toBe(false);
  });
});

describe("what albums, artists and playlists share", () => {
  it("their page, their name, and whose the album is", () => {
    const album = { id: "a1", title: "Neon", artist: { name: "Aurora" } };
    expect(shareTargets.album(album)).toEqual({
      title: "Neon",
      text: "Listen to Neon by Aurora on PurpleBeats",
      path: "/album/a1",
    });
    expect(shareTargets.album({ ...album, artist: null }).text).toBe("Listen to Neon on PurpleBeats");
    expect(shareTargets.artist({ id: "r 1", name: "Aurora" })).toMatchObject({ path: "/artist/r%201" });
    expect(shareTargets.playlist({ id: "top-hits", name: "Top Hits" })).toEqual({
      title: "Top Hits",
      text: "Listen to the playlist Top Hits on PurpleBeats",
      path: "/playlist/top-hits",
    });
  });
});
